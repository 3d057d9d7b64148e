// A notebook's workspace: who may change it, its folders' items, and the changes.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, expectOk, unwrap } from './client';
import { notebookUrls } from './notebook-content';
import { keys } from './queries';
import type { components } from './schema';
import { uploadWithProgress, type UploadProgress } from './upload';

export type WorkspaceItem = components['schemas']['WorkspaceItem'];
export type WorkspaceAccess = components['schemas']['WorkspaceAccess'];
export type WorkspaceOperation = WorkspaceAccess['protected_paths'][number]['denied_operations'][number];

const workspaceKeys = {
  all: (pid: string, nid: string) => [...keys.notebook(pid, nid), 'workspace'] as const,
  access: (pid: string, nid: string) => [...keys.notebook(pid, nid), 'workspace', 'access'] as const,
  items: (pid: string, nid: string, path: string) => [...keys.notebook(pid, nid), 'workspace', 'items', path] as const,
};

export const workspaceAccessQuery = (pid: string, nid: string) =>
  queryOptions({
    queryKey: workspaceKeys.access(pid, nid),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/notebooks/{nid}/workspace/access', { params: { path: { pid, nid } } })),
  });

export const workspaceItemsQuery = (pid: string, nid: string, path: string) =>
  queryOptions({
    queryKey: workspaceKeys.items(pid, nid, path),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/notebooks/{nid}/workspace/items', { params: { path: { pid, nid }, query: path ? { path } : {} } })),
  });

/** Whether the access rules refuse an operation on a path (a protected path, or a folder holding one). */
export function isDenied(access: WorkspaceAccess, item: WorkspaceItem, operation: WorkspaceOperation): boolean {
  if (!access.writable) return true;
  return access.protected_paths.some(
    (rule) => rule.denied_operations.includes(operation) && (rule.path === item.path || (item.kind === 'directory' && rule.path.startsWith(`${item.path}/`))),
  );
}

export function joinPath(folder: string, name: string): string {
  return folder ? `${folder}/${name}` : name;
}

function useInvalidateWorkspace(pid: string, nid: string) {
  const queryClient = useQueryClient();
  // The README shown on the overview comes from the workspace, so the notebook is read again too.
  return () => queryClient.invalidateQueries({ queryKey: keys.notebook(pid, nid) });
}

export function useCreateFolder(pid: string, nid: string) {
  const invalidate = useInvalidateWorkspace(pid, nid);
  return useMutation({
    mutationFn: (path: string) =>
      unwrap(api.POST('/api/v1/projects/{pid}/notebooks/{nid}/workspace/directories', { params: { path: { pid, nid } }, body: { path } })),
    onSuccess: invalidate,
  });
}

export function useTransferItem(pid: string, nid: string, kind: 'copy' | 'move') {
  const invalidate = useInvalidateWorkspace(pid, nid);
  return useMutation({
    mutationFn: (body: { from: string; to: string }) =>
      kind === 'copy'
        ? unwrap(api.POST('/api/v1/projects/{pid}/notebooks/{nid}/workspace/copy', { params: { path: { pid, nid } }, body }))
        : unwrap(api.POST('/api/v1/projects/{pid}/notebooks/{nid}/workspace/move', { params: { path: { pid, nid } }, body })),
    onSuccess: invalidate,
  });
}

export function useDeleteItem(pid: string, nid: string) {
  const invalidate = useInvalidateWorkspace(pid, nid);
  return useMutation({
    mutationFn: (item: WorkspaceItem) =>
      expectOk(
        api.DELETE('/api/v1/projects/{pid}/notebooks/{nid}/workspace/items', {
          params: { path: { pid, nid }, query: { path: item.path, ...(item.kind === 'directory' ? { recursive: true } : {}) } },
        }),
      ),
    onSuccess: invalidate,
  });
}

/** Uploads a file; unless `replace`, only when nothing is at its path yet (412 PRECONDITION_FAILED otherwise). */
export function uploadWorkspaceFile(
  pid: string,
  nid: string,
  path: string,
  file: File,
  options: { replace: boolean; onProgress: (progress: UploadProgress) => void; signal: AbortSignal },
): Promise<WorkspaceItem> {
  return uploadWithProgress<WorkspaceItem>({
    method: 'PUT',
    url: notebookUrls.workspaceFile(pid, nid, path),
    body: file,
    contentType: 'application/octet-stream',
    headers: options.replace ? {} : { 'if-none-match': '*' },
    onProgress: options.onProgress,
    signal: options.signal,
  });
}

export { workspaceKeys };
