import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSandboxError, type Sandbox, type SandboxDriver, type SandboxSecrets, type SandboxSpec } from '@notebook-hub/kernel/ports/sandbox-driver.js';

/**
 * What every driver does with a sandbox's secrets (docs/project-secrets.md, "Into sandboxes"):
 * every process started in the sandbox has the variables, the files sit owner-only in a directory
 * outside the workspace named by NOTEBOOK_HUB_SECRETS_DIR, and nothing the hub reads back from the
 * workspace holds them.
 */
export function describeSecretsConformance(
  driver: () => SandboxDriver,
  create: (d: SandboxDriver, spec: Omit<SandboxSpec, 'compute'>) => Promise<Sandbox>,
): void {
  describe('secrets', () => {
    it('gives every command the variables, and the files owner-only outside the workspace', async () => {
      const d = driver();
      const value = `secret-${randomBytes(8).toString('hex')}`;
      // A value a shell would mangle if it ever became a command's text.
      const awkward = `line one\nit's "$HOME" and \`id\`; ${value}`;
      const sandbox = await create(d, {
        secrets: {
          env: { API_KEY: value, AWKWARD: awkward },
          files: { 'ca.pem': Buffer.from(`certificate ${value}`) },
          fileEnv: { CA_FILE: 'ca.pem' },
        },
      });
      await d.waitReady(sandbox.id, { timeoutMs: 60_000 });
      const shown = await d.exec(sandbox.id, {
        argv: ['sh', '-c', 'printf "%s\\0%s\\0%s\\0%s\\0%s" "$API_KEY" "$AWKWARD" "$CA_FILE" "$NOTEBOOK_HUB_SECRETS_DIR" "$FROM_SPEC"'],
        check: true,
      });
      const [key, shownAwkward, caFile, dir, fromSpec] = shown.stdout.split('\0');
      expect([key, shownAwkward, fromSpec]).toEqual([value, awkward, 'spec']);
      expect(caFile).toBe(`${dir}/ca.pem`);
      expect(dir!.startsWith(sandbox.workspaceDir)).toBe(false);
      expect((await d.exec(sandbox.id, { argv: ['cat', caFile!], check: true })).stdout).toBe(`certificate ${value}`);
      // Readable by the sandbox's user, by no one else.
      const mode = (await d.exec(sandbox.id, { argv: ['stat', '-L', '-c', '%a', caFile!], check: true })).stdout.trim();
      expect(mode).toMatch(/^[4-7][0-7]0$/);

      // Long-running processes (a marimo server) have them too.
      const spawned = await d.spawn(sandbox.id, {
        argv: ['python', '-c', "import os, hashlib; open('spawned.txt', 'w').write(hashlib.sha256(os.environ['API_KEY'].encode()).hexdigest())"],
      });
      expect((await spawned.exited).exitCode).toBe(0);
      expect((await d.readFile(sandbox.id, 'spawned.txt')).toString()).toBe(createHash('sha256').update(value).digest('hex'));

      // Nothing of them is in the workspace, the part of a sandbox the hub reads back.
      const found = await d.exec(sandbox.id, { argv: ['sh', '-c', 'grep -rlF -e "$API_KEY" . || true'], check: true });
      expect(found.stdout).toBe('');
      await d.destroy(sandbox.id);
    });

    it("gives a running sandbox's secret file new content, whole, and refuses a file it did not receive", async () => {
      const d = driver();
      const sandbox = await create(d, { secrets: { env: {}, files: { token: Buffer.from('first token') }, fileEnv: { TOKEN_FILE: 'token' } } });
      await d.waitReady(sandbox.id, { timeoutMs: 60_000 });
      const read = async () => (await d.exec(sandbox.id, { argv: ['sh', '-c', 'cat "$TOKEN_FILE"'], check: true })).stdout;
      expect(await read()).toBe('first token');

      await d.replaceSecretFiles(sandbox.id, { token: Buffer.from('second token') });
      // Local and Docker sandboxes see it at once; a Kubernetes pod once the kubelet syncs its volume.
      const deadline = Date.now() + 180_000;
      let seen = await read();
      while (seen !== 'second token' && Date.now() < deadline) {
        expect(seen).toBe('first token');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        seen = await read();
      }
      expect(seen).toBe('second token');
      const listing = await d.exec(sandbox.id, {
        argv: ['sh', '-c', 'stat -L -c %a "$TOKEN_FILE"; ls -A "$NOTEBOOK_HUB_SECRETS_DIR" | grep -v "^[.][.]"'],
        check: true,
      });
      const [mode, ...names] = listing.stdout.trim().split('\n');
      expect(mode).toMatch(/^[4-7][0-7]0$/);
      // Nothing left of the write beside the file.
      expect(names).toEqual(['token']);

      const unknown = await d.replaceSecretFiles(sandbox.id, { other: Buffer.from('x') }).catch((error: unknown) => error);
      expect(isSandboxError(unknown, 'SPAWN_FAILED'), String(unknown)).toBe(true);
      await d.destroy(sandbox.id);
      const gone = await d.replaceSecretFiles(sandbox.id, { token: Buffer.from('third token') }).catch((error: unknown) => error);
      expect(isSandboxError(gone, 'NOT_FOUND'), String(gone)).toBe(true);
    }, 300_000);

    it('refuses secrets it cannot give (a name no shell accepts, a file name with a path), leaving nothing', async () => {
      const d = driver();
      const before = (await d.list()).map((summary) => summary.id);
      const refusals: SandboxSecrets[] = [
        { env: { 'NOT A NAME': 'x' }, files: {} },
        { env: {}, files: { '../escape': Buffer.from('x') } },
        { env: {}, files: {}, fileEnv: { CA_FILE: 'missing.pem' } },
      ];
      for (const secrets of refusals) {
        const refused = await create(d, { secrets }).catch((error: unknown) => error);
        expect(isSandboxError(refused, 'SPAWN_FAILED'), String(refused)).toBe(true);
      }
      expect((await d.list()).map((summary) => summary.id)).toEqual(before);
    });
  });
}
