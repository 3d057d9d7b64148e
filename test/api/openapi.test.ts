import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateOpenApiYaml } from '../../service/src/cli/openapi.js';

const COMMITTED = path.resolve(import.meta.dirname, '../../docs/openapi.yaml');

describe('OpenAPI document', () => {
  it('matches the committed docs/openapi.yaml (run "npm run openapi" after changing a route)', async () => {
    const generated = await generateOpenApiYaml();
    const committed = await readFile(COMMITTED, 'utf8');
    expect(generated, 'docs/openapi.yaml is stale: run "npm run openapi" and commit the result').toBe(committed);
  });

  it('is OpenAPI 3.1 at version 1.0.0, documents every route with the error envelope, and hides nothing it should show', async () => {
    const document = parse(await readFile(COMMITTED, 'utf8')) as {
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');
    expect(Object.keys(document.paths)).toContain('/api/health');
    expect(Object.keys(document.paths)).not.toContain('/openapi.yaml');
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.responses, `${method} ${route}`).toHaveProperty('4XX');
        expect(operation.security, `${method} ${route}`).toBeDefined();
      }
    }
    expect(document.paths['/api/v1/me']!.get!.security).toEqual([{ sessionCookie: [] }, { personalAccessToken: [] }]);
    expect(document.paths['/api/v1/me/tokens']!.post!.security).toEqual([{ sessionCookie: [] }]);
    expect(document.paths['/api/health']!.get!.security).toEqual([]);
  });
});
