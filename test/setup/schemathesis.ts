import { ensurePythonVenv } from './python-venv.js';

/** What the contract suite gets through `prerequisite('schemathesis')`. */
export interface SchemathesisInfo {
  /** The Python of the cached venv that has schemathesis installed. */
  python: string;
}

/** The pinned schemathesis (PyPI), in a cached venv shared by every test run and `npm run fuzz`. */
export const SCHEMATHESIS_PACKAGES = ['schemathesis==4.32.5'];

export async function provisionSchemathesis(): Promise<SchemathesisInfo> {
  const venv = await ensurePythonVenv('schemathesis', SCHEMATHESIS_PACKAGES);
  return { python: venv.bin('python') };
}
