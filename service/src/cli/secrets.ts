import { openObjectStore } from '../compose/adapters.js';
import { addKeyToFile, keySourceOf, openSecretBox } from '../compose/secrets.js';
import { sealedRecordKinds } from '../compose/features.js';
import { readSettings } from '../config/settings.js';
import { SecretsAtRest } from '../core/secrets/secrets-at-rest.js';
import { preflightStore } from '../core/store/preflight.js';

export interface SecretsCommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env?: Record<string, string | undefined>;
}

/**
 * `notebook-hub secrets rotate-key` (docs/secrets-at-rest.md, "Rotating the key"): re-wraps every
 * sealed secret under the active deployment key. With a key file, it first writes a new active key
 * there (the earlier ones stay as retired keys), unless the last rotation did not finish: then it
 * finishes that one. With SERVICE_SECRETS_KEY the operator sets the new key and retires the old one
 * first. Progress goes to stderr, the outcome to stdout; running it again is always safe.
 */
export async function runRotateKey(io: SecretsCommandIo): Promise<number> {
  const fail = (message: string) => {
    io.stderr(`secrets rotate-key: ${message}\n`);
    return 1;
  };
  const settings = readSettings(io.env ?? process.env);
  const store = await openObjectStore(settings.storage);
  try {
    const preflight = await preflightStore(store);
    if (preflight.outcome !== 'ok') {
      return fail(`storage is not usable: ${preflight.outcome === 'unreachable' ? preflight.error.message : preflight.detail}`);
    }
    const state = await SecretsAtRest.readState(store);
    let box = await openSecretBox(settings.secrets, state);
    if (settings.secrets.source === 'file') {
      if (SecretsAtRest.rotationUnfinished(state, box.activeKeyId)) {
        io.stderr(`[rotate-key] finishing the rotation to key ${box.activeKeyId}, begun earlier\n`);
      } else {
        box = await addKeyToFile(settings.secrets);
        io.stderr(`[rotate-key] new active key ${box.activeKeyId} written to ${settings.secrets.file}; the earlier keys stay there as retired keys\n`);
      }
    } else if (box.keyIds.length === 1) {
      io.stderr(
        `[rotate-key] SERVICE_SECRETS_KEY is the only key given: to change keys, set the new key in SERVICE_SECRETS_KEY and the current one in SERVICE_SECRETS_RETIRED_KEYS, restart the hubs, then run this again\n`,
      );
    }
    const outcome = await new SecretsAtRest(store, box, { kinds: sealedRecordKinds() }).rotate((line) => io.stderr(`[rotate-key] ${line}\n`));
    const summary = `${outcome.records} record(s) checked, ${outcome.rewrapped} secret(s) re-wrapped, ${outcome.sealed} plaintext secret(s) sealed`;
    if (!outcome.finished) {
      const kids = [...new Set(outcome.unreadable.map((item) => item.kid))];
      return fail(
        `${summary}; ${outcome.unreadable.length} record(s) hold secrets under key(s) ${kids.join(', ')}, which ${keySourceOf(settings.secrets)} does not hold (first: ${outcome.unreadable[0]!.key}): give the hub those keys as retired keys and run this again`,
      );
    }
    const retired = box.keyIds.filter((id) => id !== box.activeKeyId);
    io.stdout(`${summary}\nevery sealed secret is under key ${box.activeKeyId}\n`);
    if (retired.length > 0) {
      io.stdout(
        `retired key(s) ${retired.join(', ')} seal nothing now; remove them from ${settings.secrets.source === 'environment' ? 'SERVICE_SECRETS_RETIRED_KEYS' : `the key file ${settings.secrets.file}`} once every hub runs with key ${box.activeKeyId}\n`,
      );
    }
    return 0;
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  } finally {
    await store.close();
  }
}
