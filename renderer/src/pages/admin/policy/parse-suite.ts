import type { PolicySuite } from '../../../api/admin-types';

export type Parsed = { suite: PolicySuite; error: null } | { suite: null; error: string };

/**
 * Only checks that the text is a JSON object: the API validates the suite itself and its
 * messages name the exact field, so they are not second-guessed here.
 */
export function parseSuite(text: string): Parsed {
  if (!text.trim()) return { suite: null, error: 'Paste a suite, load one from a file, or start from the example.' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { suite: null, error: `The suite is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { suite: null, error: 'The suite must be a JSON object.' };
  return { suite: value as PolicySuite, error: null };
}
