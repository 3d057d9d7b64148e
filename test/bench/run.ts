/** `npm run bench [-- <name>...]`: runs every test/bench/*.bench.ts (or the named ones) in turn. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.startsWith(name)))
  .sort();
let failed = false;
for (const file of benches) {
  const result = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
