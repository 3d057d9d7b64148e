// What changed from one version of an integration to the next: its non-secret fields side by
// side, and for secrets only which were set, replaced or removed and where they come from (a
// version never holds a secret value).
import type { IntegrationKind, IntegrationVersion } from '../../api/integrations';
import { SOURCE_LABELS, type SourceView } from './secret-sources';

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

type Value = string | number | boolean | undefined;
const shown = (value: Value): string | null => (value === undefined || value === '' ? null : String(value));

/** A secret's source in words, never a value: "stored value", "environment variable TEAM_PW". */
export function sourceWords(view: SourceView | undefined): string | null {
  if (!view) return null;
  const label = SOURCE_LABELS[view.source].toLowerCase();
  switch (view.source) {
    case 'environment':
      return view.variable ? `${label} ${view.variable}` : label;
    case 'file':
      return view.path ? `${label} ${view.path}` : label;
    case 'kubernetes_secret':
      return view.secret ? `${label} ${view.secret}, key ${view.key ?? ''}` : label;
    default:
      return label;
  }
}

/** The changes from `previous` to `version`, in the kind's field order. */
export function versionChanges(version: IntegrationVersion, previous: IntegrationVersion, kind: IntegrationKind | undefined): FieldChange[] {
  const changes: FieldChange[] = [];
  const compare = (field: string, before: Value, after: Value) => {
    if (shown(before) !== shown(after)) changes.push({ field, before: shown(before), after: shown(after) });
  };
  compare('Name', previous.name, version.name);
  compare('Variable prefix', previous.env_prefix, version.env_prefix);
  compare('Description', previous.description, version.description);
  const fields = kind?.fields ?? [];
  const secretKeys = new Set(fields.filter((field) => field.secret).map((field) => field.key));
  const configKeys = [
    ...fields.filter((field) => !field.secret).map((field) => field.key),
    // Keys a kind no longer names still count, by their key; `<key>_set` flags are the secrets'.
    ...Object.keys({ ...previous.config, ...version.config }).filter(
      (key) => !fields.some((field) => field.key === key) && !(key.endsWith('_set') && secretKeys.has(key.slice(0, -4))),
    ),
  ];
  for (const key of configKeys) compare(fields.find((field) => field.key === key)?.name ?? key, previous.config[key], version.config[key]);
  const secrets = [...new Set([...secretKeys, ...version.changed_secrets, ...Object.keys({ ...previous.secrets, ...version.secrets })])];
  for (const key of secrets) {
    const name = fields.find((field) => field.key === key)?.name ?? key;
    const before = sourceWords(previous.secrets[key]);
    const after = sourceWords(version.secrets[key]);
    if (before !== after) changes.push({ field: name, before, after });
    else if (version.changed_secrets.includes(key) && after !== null) changes.push({ field: name, before, after: `${after} (replaced)` });
  }
  return changes;
}
