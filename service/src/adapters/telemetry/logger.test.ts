import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, infoLine, jsonString } from './logger.js';

function capture() {
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) });
  return { lines, sink };
}

// The time differs between two calls made in different milliseconds; everything else must not.
const withoutTime = (line: string) => line.replace(/,"time":"[^"]*"/, '');

describe('infoLine', () => {
  it('writes the line pino writes for the same fields', () => {
    const { lines, sink } = capture();
    const logger = createLogger('info', sink);
    for (const url of ['/api/v1/me', '/a"b\\c', '/\u0001x', '/é\u00ff', `/${'x'.repeat(150)}"`]) {
      for (const route of [null, '/api/v1/projects/:project_id']) {
        logger.info({ reqId: 'req_1', event: 'http_request', route, url, status: 200, duration_ms: 1.25 }, 'request');
        const members = `,"reqId":${jsonString('req_1')},"event":"http_request","route":${route === null ? 'null' : jsonString(route)},"url":${jsonString(url)},"status":200,"duration_ms":1.25`;
        expect(infoLine(logger, members, 'request')).toBe(true);
        expect(lines).toHaveLength(2);
        expect(withoutTime(lines[1]!)).toBe(withoutTime(lines[0]!));
        lines.length = 0;
      }
    }
  });

  it('writes nothing below the level of the logger that decides, and declines loggers it did not make', () => {
    const { lines, sink } = capture();
    const logger = createLogger('warn', sink);
    expect(infoLine(logger, ',"a":1', 'x')).toBe(true);
    const verbose = capture();
    expect(infoLine(createLogger('debug', verbose.sink), ',"a":1', 'x', logger)).toBe(true);
    expect(infoLine(logger.child({ reqId: 'req_1' }), ',"a":1', 'x')).toBe(false);
    expect([...lines, ...verbose.lines]).toEqual([]);
  });
});

describe('a process that ends on its own', () => {
  it('writes the lines it logged just before its event loop emptied', async () => {
    // The compiled logger (the test set-up builds it) in a plain child process on stdout, as the hub runs:
    // a loader such as tsx would keep the process alive past the moment that matters.
    const compiled = path.resolve(import.meta.dirname, '../../../dist/adapters/telemetry/logger.js');
    const script = [
      `import { createLogger } from ${JSON.stringify(pathToFileURL(compiled).href)};`,
      `const logger = createLogger('info');`,
      `logger.info({ event: 'first' }, 'first');`,
      `setTimeout(() => logger.warn({ event: 'last' }, 'last'), 50);`,
    ].join('\n');
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    expect(await new Promise((resolve) => child.once('close', resolve))).toBe(0);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { event: string }).event),
    ).toEqual(['first', 'last']);
  });
});
