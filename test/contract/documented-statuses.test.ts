import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const COMMITTED = path.resolve(import.meta.dirname, '../../docs/openapi.yaml');

interface Response {
  content?: Record<string, { schema?: { $ref?: string } }>;
  headers?: Record<string, unknown>;
  links?: Record<string, { operationRef: string; parameters: Record<string, string> }>;
}
type Operation = { responses: Record<string, Response>; requestBody?: { content: Record<string, unknown> }; parameters?: { in: string }[] };
type Document = { paths: Record<string, Record<string, Operation>> };

const ENVELOPE = '#/components/schemas/ErrorEnvelope';

/** What docs/errors.md ("Statuses in the OpenAPI document") promises of every operation. */
describe('the statuses the OpenAPI document lists', () => {
  it('are the ones docs/errors.md promises, each failure in the JSON envelope', async () => {
    const document = parse(await readFile(COMMITTED, 'utf8')) as Document;
    let operations = 0;
    for (const [route, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations++;
        const label = `${method.toUpperCase()} ${route}`;
        const statuses = Object.keys(operation.responses);
        const expected = ['400', '401', '403', '404', '405', '422', '431', '500', '503', '4XX', '5XX'];
        if (method === 'get') expected.push('304');
        if (route.includes('{')) expected.push('414');
        if (operation.requestBody) expected.push('413', '415');
        expect(statuses, label).toEqual(expect.arrayContaining(expected));
        for (const status of statuses.filter((status) => /^[45]/.test(status))) {
          // The health check answers 503 with its own report, not the envelope.
          if (route === '/api/health' && status === '503') continue;
          expect(operation.responses[status]!.content, `${label} ${status}`).toEqual({ 'application/json': { schema: { $ref: ENVELOPE } } });
        }
        expect(operation.responses['405']!.headers, label).toHaveProperty('allow');
        expect(operation.responses['304']?.content, label).toBeUndefined();
      }
    }
    expect(operations).toBeGreaterThan(50);
  });

  it('give content routes their own media type on success', async () => {
    const { paths } = parse(await readFile(COMMITTED, 'utf8')) as Document;
    const success = (route: string) => Object.keys(paths[route]!.get!.responses['200']!.content ?? {});
    expect(success('/api/v1/projects/{pid}/notebooks/{nid}/code')).toEqual(['text/x-python']);
    expect(success('/api/v1/projects/{pid}/notebooks/{nid}/versions/{vid}/code')).toEqual(['text/x-python']);
    expect(success('/api/v1/projects/{pid}/notebooks/{nid}/html')).toEqual(['text/html']);
    expect(success('/api/v1/projects/{pid}/notebooks/{nid}/workspace/files')).toEqual(['*/*']);
    expect(success('/api/v1/projects/{pid}/notebooks/{nid}/workspace/archive')).toEqual(['application/zip']);
    expect(success('/api/v1/doc')).toEqual(['application/yaml']);
    expect(Object.keys(paths['/api/v1/projects/{pid}/notebook-imports']!.post!.requestBody!.content)).toEqual(['application/zip', 'application/octet-stream']);
  });

  it('link each create to the routes that read what it made, and every link resolves', async () => {
    const { paths } = parse(await readFile(COMMITTED, 'utf8')) as Document;
    const links = paths['/api/v1/projects']!.post!.responses['201']!.links!;
    expect(links.get).toEqual({ operationRef: '#/paths/~1api~1v1~1projects~1{pid}/get', parameters: { pid: '$response.body#/data/id' } });
    expect(paths['/api/v1/projects/{pid}/notebooks']!.post!.responses['201']!.links!.get_code!.parameters).toEqual({
      pid: '$request.path.pid',
      nid: '$response.body#/data/meta/id',
    });
    for (const [route, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [name, link] of Object.entries(operation.responses['201']?.links ?? {})) {
          const [, target, targetMethod] = /^#\/paths\/(.+)\/([a-z]+)$/.exec(link.operationRef)!;
          const targetRoute = target!.replace(/~1/g, '/').replace(/~0/g, '~');
          expect(paths[targetRoute]?.[targetMethod!], `${method} ${route} link ${name}`).toBeDefined();
          const pathParameters = [...targetRoute.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
          expect(Object.keys(link.parameters).sort(), `${method} ${route} link ${name}`).toEqual(pathParameters.sort());
        }
      }
    }
  });
});
