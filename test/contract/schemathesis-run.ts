import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';

/**
 * Runs schemathesis (every check, every phase) against a running hub's own OpenAPI document, as a
 * super admin. Sessions and the sandbox diagnostic are left out: they start real sandboxes, which
 * their own suites cover.
 */
export interface ContractRunOptions {
  /** The Python of the schemathesis venv (test/setup/schemathesis.ts). */
  python: string;
  /** The hub's base URL. */
  url: string;
  /** A super admin's personal access token. */
  token: string;
  /** A folder for the configuration and reports. */
  workDir: string;
  /** Fixed for a reproducible run; absent for a random one (schemathesis prints the one it drew). */
  seed?: number;
  /** Test cases per operation and phase. */
  maxExamples: number;
  /** Calls per stateful scenario. */
  maxSteps: number;
  /** With a budget, fuzzing and the stateful phase repeat until it is spent. */
  maxTimeSeconds?: number;
  /** Bound on the whole run; the process is killed past it. */
  timeoutMs: number;
  /** Echo schemathesis's output as it comes (npm run fuzz). */
  echo?: boolean;
}

export interface ContractRunResult {
  exitCode: number | null;
  output: string;
}

export async function runSchemathesis(options: ContractRunOptions): Promise<ContractRunResult> {
  const config = path.join(options.workDir, 'schemathesis.toml');
  const document = parse(await (await fetch(`${options.url}/openapi.yaml`)).text()) as OpenApiDocument;
  await writeFile(config, configText(options, listOperations(document)));
  const args = [
    path.join(import.meta.dirname, 'schemathesis_cli.py'),
    '--config-file',
    config,
    'run',
    `${options.url}/openapi.yaml`,
    '--url',
    options.url,
    '--workers',
    '2',
    '--no-color',
    '--report',
    'junit',
    '--report-dir',
    path.join(options.workDir, 'report'),
    ...(options.seed === undefined ? [] : ['--seed', String(options.seed)]),
    ...(options.maxTimeSeconds === undefined ? [] : ['--max-time', String(options.maxTimeSeconds)]),
  ];
  const child = spawn(options.python, args, {
    cwd: options.workDir,
    env: { ...process.env, HUB_TOKEN: options.token, PYTHONUNBUFFERED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer): void => {
    output += chunk.toString();
    if (options.echo) process.stdout.write(chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
  try {
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve(code));
    });
    return { exitCode, output };
  } finally {
    clearTimeout(timer);
  }
}

/** The statuses schemathesis expects by default for schema-valid requests (positive_data_acceptance). */
const ACCEPTED = ['2xx', '3xx', '401', '403', '404', '409', '429', '5xx'];

/**
 * Operations whose schema-valid requests can still be refused, for a reason a JSON Schema cannot
 * state; each is refused with the status named here, in the envelope, and nothing else is allowed.
 */
const REFUSED_WHEN_VALID: { operations: string[]; statuses: string[]; why: string }[] = [
  {
    operations: [
      'POST /api/v1/projects',
      'PATCH /api/v1/projects/{pid}',
      'POST /api/v1/projects/{pid}/notebooks',
      'PATCH /api/v1/projects/{pid}/notebooks/{nid}',
    ],
    statuses: ['422'],
    why: "tags, entry files, compute profiles, images and security labels are checked against rules and this deployment's configuration",
  },
  {
    operations: [
      'POST /api/v1/projects/{pid}/members',
      'GET /api/v1/users/resolve',
      'POST /api/v1/admin/policy/analyzer/run',
      'POST /api/v1/projects/{pid}/alerts',
      'PATCH /api/v1/projects/{pid}/alerts/{alert_id}',
    ],
    statuses: ['422'],
    why: 'fields depend on each other (exactly one of two, a stage per case, fields a destination type needs)',
  },
  {
    operations: ['POST /api/v1/projects/{pid}/notebooks/{nid}/versions'],
    statuses: ['422'],
    why: 'the code must be a marimo notebook (it imports marimo and defines app)',
  },
  {
    operations: ['POST /api/v1/projects/{pid}/notebooks/{nid}/environment/update'],
    statuses: ['422'],
    why: "uv may not resolve the block against the index as it is now (PYTHON_ENV_SETUP_FAILED, uv's reason; docs/environments.md)",
  },
  {
    operations: [
      'GET /api/v1/projects/{pid}/notebooks/{nid}/workspace/items',
      'DELETE /api/v1/projects/{pid}/notebooks/{nid}/workspace/items',
      'GET /api/v1/projects/{pid}/notebooks/{nid}/workspace/files',
      'PUT /api/v1/projects/{pid}/notebooks/{nid}/workspace/files',
      'GET /api/v1/projects/{pid}/notebooks/{nid}/workspace/archive',
      'POST /api/v1/projects/{pid}/notebooks/{nid}/workspace/directories',
      'POST /api/v1/projects/{pid}/notebooks/{nid}/workspace/copy',
      'POST /api/v1/projects/{pid}/notebooks/{nid}/workspace/move',
    ],
    statuses: ['422'],
    why: 'workspace paths refuse control characters, .. segments and names the store cannot hold (docs/workspace.md)',
  },
  {
    operations: [
      'POST /api/v1/projects/{pid}/git-notebooks',
      'PATCH /api/v1/projects/{pid}/notebooks/{nid}/source',
      'POST /api/v1/projects/{pid}/notebooks/{nid}/source/sync',
      'POST /api/v1/git-sync/{pid}/{nid}',
      'POST /api/v1/projects/{pid}/notebooks/{nid}/change-requests',
      'POST /api/v1/projects/{pid}/notebooks/{nid}/previews',
    ],
    statuses: ['413', '422'],
    why: 'a repository must be one the deployment may fetch, branch and paths must be names Git and the workspace can hold, a sync refuses a folder that is too large, a change request names exactly one of a version and a session, and a preview exactly one of a branch, a commit and a change request (docs/git.md)',
  },
  {
    operations: ['POST /api/v1/projects/{pid}/integrations', 'POST /api/v1/integrations'],
    statuses: ['400', '422'],
    why: "an integration's config and secrets are checked against its kind's fields, a reference is read, and a copy takes only a name and a prefix besides copy_from (docs/integrations.md); config is a free-form object, and a JSON body with a __proto__ key is refused",
  },
  {
    operations: ['PUT /api/v1/projects/{pid}/integrations/{iid}', 'PUT /api/v1/integrations/{iid}'],
    statuses: ['400', '412', '422', '428'],
    why: 'a replace needs the ETag it was read with as If-Match (428 without, 412 when stale), and is checked like a create',
  },
  {
    operations: ['PUT /api/v1/projects/{pid}/git-credentials'],
    statuses: ['422'],
    why: 'a provider goes with the repositories the credentials may serve (docs/git.md)',
  },
  {
    operations: ['POST /api/v1/admin/policy/analyzer/run'],
    statuses: ['400'],
    why: 'its claims are free-form objects, and a JSON body with a __proto__ or constructor.prototype key is refused',
  },
  {
    operations: ['POST /api/v1/projects/{pid}/secrets', 'PUT /api/v1/projects/{pid}/secrets/{name}', 'DELETE /api/v1/projects/{pid}/secrets/{name}'],
    statuses: ['412', '422', '428'],
    why: 'a secret is written on the version read: If-Match is required to replace one (428) and must name the stored version (412); names the sandbox relies on, a NUL in a value and references this hub cannot read are refused (docs/project-secrets.md)',
  },
  {
    operations: [
      'GET /api/v1/projects/{pid}/data/sources/{sid}/objects',
      'GET /api/v1/projects/{pid}/data/sources/{sid}/object',
      'GET /api/v1/projects/{pid}/data/sources/{sid}/object/content',
      'GET /api/v1/projects/{pid}/data/sources/{sid}/object/preview',
      'GET /api/v1/projects/{pid}/data/sources/{sid}/tables',
      'GET /api/v1/projects/{pid}/data/sources/{sid}/tables/{schema}/{table}',
      'GET /api/v1/projects/{pid}/data/sources/{sid}/tables/{schema}/{table}/preview',
      'POST /api/v1/projects/{pid}/data/sources/{sid}/queries',
      'POST /api/v1/projects/{pid}/data/sources/{sid}/ai-query',
      'POST /api/v1/projects/{pid}/data/cells',
      'POST /api/v1/projects/{pid}/data/cells/preview',
    ],
    statuses: ['400', '422'],
    why: 'a bucket has no tables and a database no objects (400); a file that cannot be previewed, a statement the database refuses, a project without an AI provider, and cells asking for other than exactly one of object, table and sql or a workspace file outside its notebook are refused (422; docs/data-browser.md)',
  },
  {
    operations: ['POST /api/v1/projects/{pid}/remote/conflicts/{nid}/resolve'],
    statuses: ['422'],
    why: 'code goes with the choice merged only, and merged needs it (docs/remotes.md)',
  },
  {
    operations: ['POST /api/v1/projects/{pid}/notebook-imports'],
    statuses: ['400', '413', '422'],
    why: 'the body must be a zip archive (400), within the expansion limit (413), with safe entry names (422)',
  },
  {
    operations: [
      'POST /api/v1/sync/projects',
      'POST /api/v1/sync/projects/{pid}/notebooks',
      'POST /api/v1/sync/projects/{pid}/notebooks/{nid}/versions',
      'PUT /api/v1/sync/projects/{pid}/notebooks/{nid}/workspace',
    ],
    statuses: ['413', '422'],
    why: "a pushed notebook's code must be a marimo notebook, its entry file a .py path and its tags and a project's name follow the rules of the REST routes; a pushed workspace's paths are checked as any workspace change, and it names blobs this hub must have (docs/remotes.md)",
  },
  {
    operations: ['POST /api/v1/sync/projects/{pid}/notebooks/{nid}/job-runs', 'POST /api/v1/projects/{pid}/notebooks/{nid}/remote/jobs'],
    statuses: ['422'],
    why: 'a compute profile must be one of the team hub\'s (docs/remotes.md, "Running on the team hub"); with jobs off there the run is a conflict (409)',
  },
  {
    operations: ['PUT /api/v1/sync/projects/{pid}/blobs/{blob}'],
    statuses: ['400', '413'],
    why: 'the body must hash to the SHA-256 the path names (400), within limits.max_request_bytes (413)',
  },
];

/**
 * Resources that are always there: a project's Git credentials read as unset (every `*_set` false)
 * once deleted, rather than 404, so schemathesis's "deleted resource still available" does not apply.
 */
const ALWAYS_THERE = ['GET /api/v1/projects/{pid}/git-credentials'];

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
}

/** Paginated lists (a `cursor` query parameter), as schemathesis names operations. */
function listOperations(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([route, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.parameters?.some((parameter) => parameter.in === 'query' && parameter.name === 'cursor'))
      .map(([method]) => `${method.toUpperCase()} ${route}`),
  );
}

function configText(options: ContractRunOptions, lists: string[]): string {
  const list = (values: string[]): string => `[${values.map((value) => JSON.stringify(value)).join(', ')}]`;
  const lines = [
    '[auth.openapi.personalAccessToken]',
    'bearer = "${HUB_TOKEN}"',
    '',
    '[checks]',
    'enabled = true',
    // 414 and 431 are refusals too: a parameter or header over the server's limit (docs/errors.md).
    `negative_data_rejection.expected-statuses = ${list(['400', '401', '403', '404', '405', '406', '409', '413', '414', '415', '422', '428', '429', '431', '5xx'])}`,
    '',
    '[generation]',
    `max-examples = ${options.maxExamples}`,
    'database = "none"',
    '',
    '[phases.stateful]',
    `max-steps = ${options.maxSteps}`,
    '',
    '[[operations]]',
    'include-path-regex = "/sessions|/admin/debug/sandbox-startup"',
    'enabled = false',
    '',
    // Adding a remote calls the team hub its body names (OAuth discovery and registration): a run
    // stays on 127.0.0.1 (test/api/remotes.test.ts and service/src/cli/remote.test.ts cover it).
    '[[operations]]',
    'include-name = "POST /api/v1/remotes"',
    'enabled = false',
  ];
  const rules = [
    ...REFUSED_WHEN_VALID,
    { operations: lists, statuses: ['422'], why: 'a cursor is opaque: any string fits the schema, only one the list issued is accepted' },
  ];
  // schemathesis applies only the first [[operations]] entry that matches, so each operation gets
  // one entry with every refusal it may give.
  const byOperation = new Map<string, { statuses: Set<string>; why: string[] }>();
  for (const rule of rules) {
    for (const operation of rule.operations) {
      const entry = byOperation.get(operation) ?? { statuses: new Set(ACCEPTED), why: [] };
      for (const status of rule.statuses) entry.statuses.add(status);
      entry.why.push(rule.why);
      byOperation.set(operation, entry);
    }
  }
  for (const [operation, { statuses, why }] of byOperation) {
    lines.push('', ...why.map((reason) => `# ${reason}`), '[[operations]]', `include-name = ${JSON.stringify(operation)}`);
    lines.push(`checks.positive_data_acceptance.expected-statuses = ${list([...statuses])}`);
  }
  for (const operation of ALWAYS_THERE) {
    lines.push(
      '',
      '# reads as unset once deleted, never 404',
      '[[operations]]',
      `include-name = ${JSON.stringify(operation)}`,
      'checks.use_after_free.enabled = false',
    );
  }
  return `${lines.join('\n')}\n`;
}
