import { describe, expect, it } from 'vitest';
import { newSecretBox } from '../../../../../test/support/secret-box.js';
import {
  keepSource,
  openSource,
  sameSource,
  sourceProblem,
  sourceSyntaxProblem,
  sourceView,
  SecretSourceError,
  type SecretReference,
  type SecretSourceReader,
} from './secret-sources.js';

/** A reader that knows one variable: the port's contract without I/O. */
const reader: SecretSourceReader = {
  available: ['stored', 'environment'],
  async read(reference: SecretReference) {
    if (reference.source === 'environment' && reference.variable === 'KNOWN') return 'value';
    throw new SecretSourceError(`the variable ${(reference as { variable: string }).variable} is not set in the hub's environment`);
  },
};

describe('secret sources', () => {
  it('checks the form of each source before anything is read', () => {
    expect(sourceSyntaxProblem({ source: 'stored', value: '' })).toBe('the value is empty');
    expect(sourceSyntaxProblem({ source: 'environment', variable: 'NOT-A-NAME' })).toMatch(/not an environment variable name/);
    expect(sourceSyntaxProblem({ source: 'file', path: 'relative/file' })).toBe('the path must be absolute');
    expect(sourceSyntaxProblem({ source: 'file', path: '/run/secrets/../../etc/shadow' })).toBe('the path must not have . or .. segments');
    expect(sourceSyntaxProblem({ source: 'kubernetes_secret', secret: 'Upper', key: 'k' })).toMatch(/not a Kubernetes Secret name/);
    expect(sourceSyntaxProblem({ source: 'kubernetes_secret', secret: 'db-credentials', key: 'pass word' })).toMatch(/not a key/);
    expect(sourceSyntaxProblem({ source: 'kubernetes_secret', secret: 'db-credentials', key: 'password' })).toBeNull();
  });

  it('says why a source cannot be used: not accepted, not offered, or not readable now', async () => {
    expect(await sourceProblem(reader, { source: 'environment', variable: 'KNOWN' })).toBeNull();
    expect(await sourceProblem(reader, { source: 'environment', variable: 'OTHER' })).toBe("the variable OTHER is not set in the hub's environment");
    expect(await sourceProblem(reader, { source: 'file', path: '/x' })).toMatch(/SERVICE_SECRET_SOURCE_DIRS/);
    expect(await sourceProblem(reader, { source: 'environment', variable: 'KNOWN' }, ['stored'])).toMatch(/not accepted here/);
  });

  it('seals a stored value for its place only, and shows nothing of it', () => {
    const box = newSecretBox();
    const kept = keepSource(box, { source: 'stored', value: 'hunter2' }, 'integrations/p/intg-1', 'secrets.password');
    expect(JSON.stringify(kept)).not.toContain('hunter2');
    expect(openSource(box, kept, 'integrations/p/intg-1', 'secrets.password')).toEqual({ source: 'stored', value: 'hunter2' });
    expect(() => openSource(box, kept, 'integrations/q/intg-1', 'secrets.password')).toThrow(/does not open/);
    expect(sourceView(kept)).toEqual({ source: 'stored' });
    const reference = { source: 'file', path: '/run/secrets/db' } as const;
    expect(keepSource(box, reference, 'k', 'f')).toBe(reference);
    expect(sameSource({ source: 'stored', value: 'a' }, { source: 'stored', value: 'b' })).toBe(false);
    expect(sameSource(reference, { source: 'file', path: '/run/secrets/db' })).toBe(true);
  });
});
