import { UNRESTRICTED_SCOPE } from '../../../service/src/core/identity/access-tokens.js';
import type { Hub } from '../../../service/src/compose/hub.js';

/** A bench user's token on `hub` (listening at `url`) and a JSON client of its API that throws on errors. */
export async function benchClient(hub: Hub, url: string) {
  const user = await hub.services.users.ensureByEmail('bench@example.com', { name: null, superAdmin: false }, 'bench');
  const { token } = await hub.services.tokens.issue(user.id, { name: 'bench', expiresAt: null, scope: UNRESTRICTED_SCOPE }, 'bench');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const api = async (path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const response = await fetch(`${url}/api/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as { data: Record<string, unknown> };
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  /** A project with `count` notebooks: its id and theirs. */
  const projectWithNotebooks = async (count: number): Promise<{ pid: string; notebookIds: string[] }> => {
    const pid = (await api('/projects', { name: 'Bench' })).id as string;
    const notebookIds: string[] = [];
    for (let i = 0; i < count; i++) notebookIds.push(((await api(`/projects/${pid}/notebooks`, { title: `Bench ${i}` })).meta as { id: string }).id);
    return { pid, notebookIds };
  };
  return { token, headers, api, projectWithNotebooks };
}
