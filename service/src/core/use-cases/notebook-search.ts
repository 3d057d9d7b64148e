import type { Principal } from '../identity/authenticator.js';
import type { NotebookCatalogEntry } from '../notebooks/notebook-model.js';
import type { VisibleProject } from '../projects/project-listing.js';
import type { NotebookUseCases } from './notebooks.js';
import type { ProjectUseCases } from './projects.js';

/** How many matches a search answers, and how many notebooks (or notebooks' code) it looks through. */
export const SEARCH_LIMITS = { results: 50, scanned: 5000, codeScanned: 500, linesPerMatch: 5 } as const;

export interface CodeLine {
  line: number;
  text: string;
}

export interface NotebookMatch {
  project: { id: string; name: string };
  notebook: NotebookCatalogEntry;
  /** In a code search: the lines of the current version that hold a word (the first few). */
  code_lines?: CodeLine[];
}

export interface SearchResult<T> {
  matches: T[];
  /** False when the search stopped at its limit of notebooks looked through. */
  complete: boolean;
}

const wordsOf = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean);
const holdsAll = (text: string, words: string[]) => words.every((word) => text.includes(word));

/**
 * Searching what the caller may see (docs/mcp.md, the search tools), through the same listings
 * and reads as the REST routes, so the same policy decides. Every word of the query must appear
 * (any case): in a project's name, description or tags; in a notebook's title, description or tags;
 * or, with `inCode`, in its current code as well.
 */
export class NotebookSearch {
  constructor(private readonly deps: { projects: ProjectUseCases; notebooks: NotebookUseCases }) {}

  async projects(principal: Principal, query: string): Promise<SearchResult<VisibleProject>> {
    const words = wordsOf(query);
    const matches: VisibleProject[] = [];
    let scanned = 0;
    for (let cursor: string | undefined; matches.length < SEARCH_LIMITS.results && scanned < SEARCH_LIMITS.scanned;) {
      const listed = await this.deps.projects.list(principal, { limit: 100, cursor });
      scanned += listed.items.length;
      for (const project of listed.items) {
        if (matches.length < SEARCH_LIMITS.results && holdsAll([project.name, project.description, ...project.tags].join(' ').toLowerCase(), words))
          matches.push(project);
      }
      if (!listed.nextCursor) return { matches, complete: true };
      cursor = listed.nextCursor;
    }
    return { matches, complete: false };
  }

  async notebooks(principal: Principal, input: { query: string; projectId?: string; inCode?: boolean }): Promise<SearchResult<NotebookMatch>> {
    const words = wordsOf(input.query);
    const matches: NotebookMatch[] = [];
    let scanned = 0;
    let codeRead = 0;
    let complete = true;
    for (const project of await this.projectsToSearch(principal, input.projectId)) {
      for (let cursor: string | undefined; matches.length < SEARCH_LIMITS.results;) {
        if (scanned >= SEARCH_LIMITS.scanned) {
          complete = false;
          break;
        }
        const listed = await this.deps.notebooks.list(principal, { projectId: project.id, limit: 100, cursor });
        scanned += listed.items.length;
        for (const notebook of listed.items) {
          if (matches.length >= SEARCH_LIMITS.results) break;
          const metadata = [notebook.title, notebook.description, ...notebook.tags].join(' ').toLowerCase();
          if (holdsAll(metadata, words)) {
            matches.push({ project, notebook });
            continue;
          }
          if (!input.inCode || notebook.current_version_id === null) continue;
          if (codeRead >= SEARCH_LIMITS.codeScanned) {
            complete = false;
            continue;
          }
          codeRead++;
          const { code } = await this.deps.notebooks.code(principal, { projectId: project.id, notebookId: notebook.id });
          if (holdsAll(`${metadata}\n${code.toLowerCase()}`, words)) matches.push({ project, notebook, code_lines: linesHolding(code, words) });
        }
        if (!listed.nextCursor) break;
        cursor = listed.nextCursor;
      }
    }
    return { matches, complete };
  }

  private async projectsToSearch(principal: Principal, projectId: string | undefined): Promise<{ id: string; name: string }[]> {
    if (projectId) return [{ id: projectId, name: (await this.deps.projects.read(principal, { projectId })).project.name }];
    const projects: { id: string; name: string }[] = [];
    for (let cursor: string | undefined; ;) {
      const listed = await this.deps.projects.list(principal, { limit: 100, cursor });
      projects.push(...listed.items.map(({ id, name }) => ({ id, name })));
      if (!listed.nextCursor) return projects;
      cursor = listed.nextCursor;
    }
  }
}

function linesHolding(code: string, words: string[]): CodeLine[] {
  const lines: CodeLine[] = [];
  code.split('\n').forEach((text, index) => {
    const lower = text.toLowerCase();
    if (lines.length < SEARCH_LIMITS.linesPerMatch && words.some((word) => lower.includes(word))) lines.push({ line: index + 1, text: text.slice(0, 300) });
  });
  return lines;
}
