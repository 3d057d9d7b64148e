import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { isApiError } from '../../../api/errors';
import { keys } from '../../../api/queries';
import { joinPath, uploadWorkspaceFile } from '../../../api/workspace';

export interface Upload {
  id: number;
  name: string;
  path: string;
  loaded: number;
  total: number;
  /** exists: a file is already at its path, and nothing was written until the user says to replace it. */
  state: 'uploading' | 'done' | 'failed' | 'exists' | 'cancelled';
  error?: string;
}

let nextId = 1;

/** Uploads files into a folder one request each, keeping each one's progress and outcome for the page. */
export function useUploads(pid: string, nid: string) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const files = useRef(new Map<number, File>());
  const controllers = useRef(new Map<number, AbortController>());
  const update = useCallback(
    (id: number, patch: Partial<Upload>) => setUploads((all) => all.map((item) => (item.id === id ? { ...item, ...patch } : item))),
    [],
  );

  const send = useCallback(
    (upload: Upload, file: File, replace: boolean) => {
      const controller = new AbortController();
      controllers.current.set(upload.id, controller);
      const onProgress = ({ loaded, total }: { loaded: number; total: number }) => update(upload.id, { loaded, total });
      uploadWorkspaceFile(pid, nid, upload.path, file, { replace, onProgress, signal: controller.signal })
        .then(() => {
          files.current.delete(upload.id);
          update(upload.id, { state: 'done', loaded: file.size });
          return queryClient.invalidateQueries({ queryKey: keys.notebook(pid, nid) });
        })
        .catch((error: unknown) => {
          // A cancel can come after the file arrived, so the folder is read again to show what is there.
          if (controller.signal.aborted) {
            update(upload.id, { state: 'cancelled' });
            return queryClient.invalidateQueries({ queryKey: keys.notebook(pid, nid) });
          } else if (isApiError(error, 'PRECONDITION_FAILED')) update(upload.id, { state: 'exists', loaded: 0 });
          else update(upload.id, { state: 'failed', error: error instanceof Error ? error.message : String(error) });
        })
        .finally(() => controllers.current.delete(upload.id));
    },
    [pid, nid, queryClient, update],
  );

  const start = useCallback(
    (folder: string, chosen: File[]) => {
      for (const file of chosen) {
        const upload: Upload = { id: nextId++, name: file.name, path: joinPath(folder, file.name), loaded: 0, total: file.size, state: 'uploading' };
        files.current.set(upload.id, file);
        setUploads((all) => [...all, upload]);
        send(upload, file, false);
      }
    },
    [send],
  );

  const replace = useCallback(
    (upload: Upload) => {
      const file = files.current.get(upload.id);
      if (!file) return;
      update(upload.id, { state: 'uploading', loaded: 0 });
      send(upload, file, true);
    },
    [send, update],
  );

  const cancel = useCallback((id: number) => controllers.current.get(id)?.abort(), []);

  const dismiss = useCallback((id: number) => {
    files.current.delete(id);
    setUploads((all) => all.filter((item) => item.id !== id));
  }, []);

  const clearFinished = useCallback(() => {
    setUploads((all) => {
      for (const item of all) if (item.state !== 'uploading') files.current.delete(item.id);
      return all.filter((item) => item.state === 'uploading');
    });
  }, []);
  return { uploads, start, replace, cancel, dismiss, clearFinished };
}
