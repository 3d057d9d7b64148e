// Generates src/api/schema.d.ts from docs/openapi.yaml (openapi-typescript, formatted with the
// repository's prettier settings). With --check it writes nothing and fails when the committed
// file differs from what the document generates, so the types cannot drift from the API.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';

const documentUrl = new URL('../../docs/openapi.yaml', import.meta.url);
const outputPath = fileURLToPath(new URL('../src/api/schema.d.ts', import.meta.url));
const HEADER = '// Generated from docs/openapi.yaml by `npm run generate:api`; do not edit by hand.\n';

async function generate() {
  const ast = await openapiTS(documentUrl);
  const options = (await prettier.resolveConfig(outputPath)) ?? {};
  return prettier.format(HEADER + astToString(ast), { ...options, filepath: outputPath });
}

const generated = await generate();
if (process.argv.includes('--check')) {
  const committed = await readFile(outputPath, 'utf8').catch(() => '');
  if (committed !== generated) {
    console.error('renderer/src/api/schema.d.ts is out of date with docs/openapi.yaml: run `npm run generate:api`.');
    process.exit(1);
  }
} else {
  await writeFile(outputPath, generated);
  console.log('Wrote renderer/src/api/schema.d.ts');
}
