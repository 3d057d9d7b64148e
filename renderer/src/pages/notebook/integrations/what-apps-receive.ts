// The sentence the notebook's integrations setting shows: what an app session of it receives
// (docs/project-secrets.md, "What a notebook receives"), in words a notebook's manager can check.

export interface Receivable {
  /** The project's secrets, by name. */
  secrets: readonly string[];
  /** The integrations the notebook gets, with their variable prefixes. */
  integrations: readonly { name: string; env_prefix: string }[];
}

const list = (items: readonly string[]): string => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`);

/** At most `max` names, then how many more. */
function some(items: readonly string[], max = 4): string {
  return items.length <= max ? list(items) : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

/** What anyone who opens the notebook as an app receives, or that they receive nothing. */
export function whatAppsReceive(inApps: boolean, receivable: Receivable): string {
  if (!inApps) return 'Apps receive no secrets and no integrations. Only edit sessions and job runs of people who may use them (editors and up) do.';
  const parts: string[] = [];
  if (receivable.secrets.length > 0) parts.push(`the secret${receivable.secrets.length === 1 ? '' : 's'} ${some(receivable.secrets)}`);
  if (receivable.integrations.length > 0)
    parts.push(
      `the integration${receivable.integrations.length === 1 ? '' : 's'} ${some(receivable.integrations.map((integration) => `${integration.name} (${integration.env_prefix}_*)`))}`,
    );
  if (parts.length === 0) return 'Apps would receive the project’s secrets and this notebook’s integrations, but there are none yet.';
  return `Everyone who opens this notebook as an app, viewers included, runs it with ${parts.join(' and ')}: code in the notebook can read and show them.`;
}
