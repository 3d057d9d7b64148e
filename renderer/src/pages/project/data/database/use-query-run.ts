import { useCallback, useEffect, useRef, useState } from 'react';
import { runQuery, type QueryResult } from '../../../../api/data-browser';

export type RunState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; result: QueryResult; sql: string }
  | { status: 'failed'; error: Error }
  | { status: 'cancelled' };

/**
 * One query at a time: Run sends it, Cancel aborts the request (the hub then cancels the
 * statement at the server), and leaving the page cancels it too.
 */
export function useQueryRun(pid: string, sid: string) {
  const [state, setState] = useState<RunState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState((current) => (current.status === 'running' ? { status: 'cancelled' } : current));
  }, []);

  const run = useCallback(
    (sql: string) => {
      controller.current?.abort();
      const mine = new AbortController();
      controller.current = mine;
      setState({ status: 'running' });
      runQuery(pid, sid, sql, mine.signal).then(
        (result) => {
          if (controller.current === mine) setState({ status: 'done', result, sql });
        },
        (error: unknown) => {
          if (controller.current !== mine) return;
          setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
        },
      );
    },
    [pid, sid],
  );

  useEffect(() => () => controller.current?.abort(), []);
  return { state, run, cancel };
}
