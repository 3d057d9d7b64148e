import type { ComponentProps } from 'react';
import type { Session } from '../../api/sessions';
import type { Project } from '../../api/types';
import { SessionActions } from './SessionActions';
import { SessionReceived } from './SessionReceived';
import { SessionShell } from './SessionShell';
import classes from './SessionShell.module.css';
import { SplitView } from './surfaces/SplitView';
import { SurfaceButtons } from './surfaces/SurfaceButtons';
import { SurfaceNotices } from './surfaces/SurfaceNotices';
import { SurfacePanel } from './surfaces/SurfacePanel';
import { useSessionSurfaces } from './surfaces/use-surfaces';

interface Props {
  shell: Omit<ComponentProps<typeof SessionShell>, 'children' | 'actions'>;
  session: Session;
  role: Project['your_role'] | undefined;
}

/**
 * A running session: marimo under the bar, and in an edit session the surfaces the hub offers
 * (VS Code, OpenCode): their buttons in the bar, one shown beside the notebook, or their notices.
 */
export function RunningSession({ shell, session, role }: Props) {
  const surfaces = useSessionSurfaces(session);
  const panelSurface = surfaces.surfaces.find((surface) => surface.id === surfaces.panel) ?? null;
  return (
    <SessionShell
      {...shell}
      actions={
        <>
          <SurfaceButtons surfaces={surfaces} />
          <SessionReceived session={session} />
          <SessionActions session={session} role={role} />
        </>
      }
    >
      <div className={classes.workspace}>
        <SurfaceNotices surfaces={surfaces} />
        <SplitView
          rightLabel={panelSurface?.title ?? ''}
          left={
            // An app started again after its server died (docs/sessions.md) is a new marimo at the same address: load it afresh.
            <iframe
              key={session.restarts}
              className={classes.frame}
              src={session.url}
              title={`${shell.title ?? 'Notebook'} in marimo`}
              allow="clipboard-read; clipboard-write; fullscreen"
            />
          }
          right={panelSurface && <SurfacePanel surface={panelSurface} surfaces={surfaces} />}
        />
      </div>
    </SessionShell>
  );
}
