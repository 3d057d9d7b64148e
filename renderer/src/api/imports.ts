// Folder imports: upload a zip, read what it holds, create notebooks from it.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { hubPath } from '../app/base-path';
import { api, unwrap } from './client';
import { keys } from './queries';
import type { components } from './schema';
import { uploadWithProgress, type UploadProgress } from './upload';

export type NotebookImport = components['schemas']['NotebookImport'];
export type ImportedNotebook = NotebookImport['notebooks'][number];

const importKey = (pid: string, importId: string) => [...keys.project(pid), 'imports', importId] as const;

export const importQuery = (pid: string, importId: string) =>
  queryOptions({
    queryKey: importKey(pid, importId),
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/notebook-imports/{import_id}', { params: { path: { pid, import_id: importId } } })),
    // A notebook another request is creating settles within minutes; until then the page asks again.
    refetchInterval: (query) => (query.state.data?.notebooks.some((notebook) => notebook.state === 'importing') ? 2000 : false),
  });

export function uploadImport(pid: string, zip: File, onProgress: (progress: UploadProgress) => void): Promise<NotebookImport> {
  return uploadWithProgress<NotebookImport>({
    method: 'POST',
    url: hubPath(`/api/v1/projects/${encodeURIComponent(pid)}/notebook-imports`),
    body: zip,
    contentType: 'application/zip',
    onProgress,
  });
}

export function useCreateFromImport(pid: string, importId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (path: string) =>
      unwrap(api.POST('/api/v1/projects/{pid}/notebook-imports/{import_id}/notebooks', { params: { path: { pid, import_id: importId } }, body: { path } })),
    onSuccess: (result) => {
      queryClient.setQueryData(importKey(pid, importId), result.import);
      return queryClient.invalidateQueries({ queryKey: keys.notebooks(pid).slice(0, 3) });
    },
  });
}
