// The Data tab's addresses (docs/ui/data.md). A source is an integration (`intg-…`) or a notebook
// whose workspace is browsed (its notebook id):
//   /projects/:pid/data                                   the sources, nothing chosen
//   /projects/:pid/data/:sid?path=<folder>/&q=<start>     a bucket's or workspace's folder, filtered by a name's start
//   /projects/:pid/data/:sid?path=<key>&version=<id>      one object (a key never ends with "/"), of a version
//   /projects/:pid/data/:sid                              a database: its tables
//   /projects/:pid/data/:sid/tables/:schema/:table        one table or view: columns and first rows
//   /projects/:pid/data/:sid/query?sql=<text>             the query page (the text is only put in the editor)

const segment = encodeURIComponent;

export const dataLinks = {
  home: (pid: string) => `/projects/${segment(pid)}/data`,
  source: (pid: string, sid: string) => `/projects/${segment(pid)}/data/${segment(sid)}`,
  /** A folder (`''` is the top, otherwise ends with `/`) or an object's key, with a version. */
  path: (pid: string, sid: string, path: string, version?: string | null) => {
    const params = new URLSearchParams();
    if (path) params.set('path', path);
    if (version) params.set('version', version);
    const search = params.toString();
    return `${dataLinks.source(pid, sid)}${search ? `?${search}` : ''}`;
  },
  table: (pid: string, sid: string, schema: string, table: string) => `${dataLinks.source(pid, sid)}/tables/${segment(schema)}/${segment(table)}`,
  query: (pid: string, sid: string, sql?: string) => `${dataLinks.source(pid, sid)}/query${sql ? `?sql=${segment(sql)}` : ''}`,
  notebook: (pid: string, nid: string) => `/projects/${segment(pid)}/notebooks/${segment(nid)}`,
  editor: (pid: string, nid: string) => `/projects/${segment(pid)}/notebooks/${segment(nid)}/edit`,
  integrations: (pid: string) => `/projects/${segment(pid)}/integrations`,
};

/** Whether a path names a folder: the top, or anything ending with "/". */
export const isFolder = (path: string): boolean => path === '' || path.endsWith('/');

/** The folder a key or folder is in (`a/b/c.csv` → `a/b/`, `a/b/` → `a/`, `c.csv` → ``). */
export function parentOf(path: string): string {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  const slash = trimmed.lastIndexOf('/');
  return slash === -1 ? '' : trimmed.slice(0, slash + 1);
}

/** The last part of a key or folder, without its trailing "/". */
export function nameOf(path: string): string {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}
