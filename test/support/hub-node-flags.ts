import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The `notebook-hub` command, as `npm start` and the container image run it. */
export const HUB_BIN = path.resolve(import.meta.dirname, '../../bin/notebook-hub.mjs');

/**
 * The Node flags the `notebook-hub` command runs with: those of its first line
 * (`#!/usr/bin/env -S node <flags>`). Tests and benchmarks that spawn it through `node` pass them
 * too, so that they measure the process people run.
 */
export function hubNodeFlags(): string[] {
  const shebang = readFileSync(HUB_BIN, 'utf8').split('\n', 1)[0] ?? '';
  const words = shebang.replace(/^#!\S*\s+(-S\s+)?/, '').split(/\s+/);
  return words[0] === 'node' ? words.slice(1).filter(Boolean) : [];
}
