// Which session actions the notebook page offers: the API decides, this only hides what it would refuse.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { NotebookMeta, Project } from './types';

export const capabilitiesQuery = queryOptions({
  queryKey: ['capabilities'] as const,
  queryFn: () => unwrap(api.GET('/api/v1/capabilities')),
  staleTime: Infinity,
});

type ViewerMode = Awaited<ReturnType<NonNullable<typeof capabilitiesQuery.queryFn>>>['viewer_mode'];

const EDITORS = new Set(['admin', 'manager', 'editor']);

/**
 * Editors may open the editor (not on an archived notebook: make it active first); anyone may open
 * the app, except viewers where the deployment shows them notebooks as snapshots only (viewer mode static).
 */
export function sessionActions(project: Project, meta: NotebookMeta, viewerMode: ViewerMode | undefined): { edit: boolean; app: boolean } {
  const editor = project.your_role !== null && EDITORS.has(project.your_role);
  return { edit: editor && meta.status !== 'archived', app: editor || (viewerMode !== undefined && viewerMode !== 'static') };
}
