// The resolve hook of module-trace.mjs: appends each resolved module URL to the trace file.
import { appendFileSync } from 'node:fs';

let out = '';

export function initialize(data) {
  out = data.out;
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(out, `${resolved.url}\n`);
  return resolved;
}
