/**
 * OpenAPI links from each create route to the routes that read or change what it created: the id
 * in the create's answer fills the new path parameter, the create's own path parameters carry
 * over. Client generators and contract fuzzers follow them to reach real objects (docs/api.md).
 */
interface LinkSource {
  path: string;
  /** Where the created object's routes are, when not below the create's own path. */
  under?: string;
  /** The path parameter the created object's id fills. */
  parameter: string;
  /** Where the id is in the create's answer. */
  id: string;
}

const SOURCES: LinkSource[] = [
  { path: '/api/v1/projects', parameter: 'pid', id: '$response.body#/data/id' },
  { path: '/api/v1/projects/{pid}/notebooks', parameter: 'nid', id: '$response.body#/data/meta/id' },
  { path: '/api/v1/projects/{pid}/git-notebooks', under: '/api/v1/projects/{pid}/notebooks', parameter: 'nid', id: '$response.body#/data/notebook/meta/id' },
  { path: '/api/v1/projects/{pid}/notebooks/{nid}/versions', parameter: 'vid', id: '$response.body#/data/version_id' },
  { path: '/api/v1/projects/{pid}/alerts', parameter: 'alert_id', id: '$response.body#/data/id' },
  { path: '/api/v1/projects/{pid}/secrets', parameter: 'name', id: '$response.body#/data/name' },
  { path: '/api/v1/projects/{pid}/notebook-imports', parameter: 'import_id', id: '$response.body#/data/id' },
  { path: '/api/v1/me/tokens', parameter: 'token_id', id: '$response.body#/data/id' },
  { path: '/api/v1/projects/{pid}/integrations', parameter: 'iid', id: '$response.body#/data/id' },
  { path: '/api/v1/integrations', parameter: 'iid', id: '$response.body#/data/id' },
];

type Operation = { responses?: Record<string, { links?: Record<string, unknown> }> };
type Paths = Record<string, Record<string, Operation>>;

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);

/** Adds the links to the document's create operations (their `201` answers); returns the document. */
export function withLinks<T extends object>(document: T): T {
  const paths = (document as { paths?: Paths }).paths ?? {};
  for (const source of SOURCES) {
    const created = paths[source.path]?.post?.responses?.['201'];
    if (!created) continue;
    const carried = parametersOf(source.path);
    const under = source.under ?? source.path;
    const links: Record<string, unknown> = {};
    for (const [path, operations] of Object.entries(paths)) {
      const needed = parametersOf(path);
      if (!path.startsWith(`${under}/{${source.parameter}}`)) continue;
      // A target with parameters of its own (a member, a version) cannot be reached from this answer alone.
      if (!needed.every((name) => name === source.parameter || carried.includes(name))) continue;
      for (const method of Object.keys(operations)) {
        if (!METHODS.has(method)) continue;
        const parameters = Object.fromEntries(needed.map((name) => [name, name === source.parameter ? source.id : `$request.path.${name}`]));
        links[linkName(method, path.slice(under.length))] = { operationRef: `#/paths/${pointerSegment(path)}/${method}`, parameters };
      }
    }
    if (Object.keys(links).length > 0) created.links = { ...created.links, ...links };
  }
  return document;
}

function parametersOf(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

function linkName(method: string, tail: string): string {
  const words = tail
    .split('/')
    .filter((segment) => segment && !segment.startsWith('{'))
    .map((segment) => segment.replace(/[^a-zA-Z0-9]+/g, '_'));
  return [method, ...words].join('_');
}

/** A path as one segment of a JSON pointer (`~` and `/` escaped). */
function pointerSegment(path: string): string {
  return path.replace(/~/g, '~0').replace(/\//g, '~1');
}
