import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { keys } from '../../../api/queries';
import { joinPath, uploadWorkspaceFile } from '../../../api/workspace';

export interface Upload {
  id: number;
  name: string;
  path: string;
  loaded: number;
  total: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
}

let nextId = 1;

/** Uploads files into a folder one request each, keeping each one's progress and outcome for the page. */
export function useUploads(pid: string, nid: string) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const update = useCallback(
    (id: number, patch: Partial<Upload>) => setUploads((all) => all.map((item) => (item.id === id ? { ...item, ...patch } : item))),
    [],
  );

  const start = useCallback(
    (folder: string, files: File[]) => {
      for (const file of files) {
        const upload: Upload = { id: nextId++, name: file.name, path: joinPath(folder, file.name), loaded: 0, total: file.size, state: 'uploading' };
        setUploads((all) => [...all, upload]);
        uploadWorkspaceFile(pid, nid, upload.path, file, ({ loaded, total }) => update(upload.id, { loaded, total }))
          .then(() => {
            update(upload.id, { state: 'done', loaded: file.size });
            return queryClient.invalidateQueries({ queryKey: keys.notebook(pid, nid) });
          })
          .catch((error: unknown) => update(upload.id, { state: 'failed', error: error instanceof Error ? error.message : String(error) }));
      }
    },
    [pid, nid, queryClient, update],
  );

  const clearFinished = useCallback(() => setUploads((all) => all.filter((item) => item.state === 'uploading')), []);
  return { uploads, start, clearFinished };
}
