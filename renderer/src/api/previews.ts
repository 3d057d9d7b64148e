// Previews of Git notebooks (docs/git.md, "Previews"): a branch, a commit or a change request, prepared by the hub, opened as an app or in the editor.
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, expectOk, unwrap } from './client';
import { cursorQuery, pagedQuery } from './paged';
import { keys } from './queries';
import type { components, paths } from './schema';

export type Preview = components['schemas']['Preview'];
export type PreviewCreateBody = paths['/api/v1/projects/{pid}/notebooks/{nid}/previews']['post']['requestBody']['content']['application/json'];

/** A pending preview is prepared within the hub's 15 s loop: look again this often while one waits. */
export const PREVIEW_POLL_MS = 3_000;

export const previewKeys = {
  all: (pid: string, nid: string) => [...keys.notebook(pid, nid), 'previews'] as const,
};

export const previewsQuery = (pid: string, nid: string) =>
  infiniteQueryOptions({
    ...pagedQuery(previewKeys.all(pid, nid), (cursor) =>
      unwrap(api.GET('/api/v1/projects/{pid}/notebooks/{nid}/previews', { params: { path: { pid, nid }, query: cursorQuery(cursor) } })),
    ),
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.items.some((preview) => preview.status === 'pending')) ? PREVIEW_POLL_MS : false),
  });

export function useCreatePreview(pid: string, nid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreviewCreateBody) => unwrap(api.POST('/api/v1/projects/{pid}/notebooks/{nid}/previews', { params: { path: { pid, nid } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: previewKeys.all(pid, nid) }),
  });
}

export function useDeletePreview(pid: string, nid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (previewId: string) =>
      expectOk(api.DELETE('/api/v1/projects/{pid}/notebooks/{nid}/previews/{preview_id}', { params: { path: { pid, nid, preview_id: previewId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: previewKeys.all(pid, nid) }),
  });
}

/** What a preview shows of its ref: the branch, `#7` / `!7`, or the short commit. */
export function previewRefLabel(preview: Preview): string {
  if (preview.kind === 'branch') return preview.ref;
  if (preview.kind === 'commit') return preview.ref.slice(0, 12);
  return preview.ref.startsWith('refs/merge-requests/') ? `!${preview.change_request}` : `#${preview.change_request}`;
}
