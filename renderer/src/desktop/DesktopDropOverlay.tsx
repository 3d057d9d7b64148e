import { Overlay, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { DesktopBridge } from './desktop-bridge';
import { dropOutcome, pageTakesDrops } from './drop-outcome';

const NOTIFICATION_ID = 'desktop-drop';

/** A notification's text, kept to its lines, in the dimmed colour the theme makes readable (Mantine's own grey is too faint). */
const lines = (text: string) => (
  <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
    {text}
  </Text>
);

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/**
 * A full-window drop target in the desktop app's window: a `.py` notebook becomes a new notebook,
 * a folder goes through the import (docs/desktop.md, "Folders and files on disk"). The main process
 * checks and imports; the window then shows the result, or says why nothing was imported. The
 * overlay is in the page only while files are dragged over it, so nothing of it is read out otherwise.
 */
export function DesktopDropOverlay({ bridge }: { bridge: DesktopBridge }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [dragging, setDragging] = useState(false);
  const [importing, setImporting] = useState(false);
  const active = !importing && !pageTakesDrops(pathname);

  // The listeners stay attached across renders; they call the latest import through this ref.
  const importFiles = useRef<(files: File[]) => void>(() => {});
  importFiles.current = (files) => {
    setImporting(true);
    notifications.show({
      id: NOTIFICATION_ID,
      loading: true,
      title: 'Importing…',
      message: lines(files.map((file) => file.name).join(', ')),
      autoClose: false,
      withCloseButton: false,
    });
    bridge
      .importDropped(files)
      .then((answer) => {
        const outcome = dropOutcome(answer);
        if (answer.page) void navigate(answer.page);
        notifications.update({
          id: NOTIFICATION_ID,
          loading: false,
          color: outcome.failed ? 'red' : 'green',
          title: outcome.title,
          message: lines(outcome.message),
          autoClose: outcome.failed ? false : 5_000,
          withCloseButton: true,
        });
      })
      .catch((error: unknown) =>
        notifications.update({
          id: NOTIFICATION_ID,
          loading: false,
          color: 'red',
          title: 'Nothing was imported',
          message: lines(error instanceof Error ? error.message : String(error)),
          autoClose: false,
          withCloseButton: true,
        }),
      )
      .finally(() => setImporting(false));
  };

  useEffect(() => {
    if (!active) return;
    // dragenter and dragleave come for every element crossed: the drag is over the window while more entered than left.
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      // Taking the drop here keeps the window from showing the file itself.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length > 0) importFiles.current(files);
    };
    const listeners = { dragenter: enter, dragover: over, dragleave: leave, drop } as const;
    for (const [type, listener] of Object.entries(listeners)) document.addEventListener(type, listener as EventListener);
    return () => {
      for (const [type, listener] of Object.entries(listeners)) document.removeEventListener(type, listener as EventListener);
      setDragging(false);
    };
  }, [active]);

  if (!dragging) return null;
  return (
    <Overlay fixed center zIndex={1000} backgroundOpacity={0.55} blur={2} data-testid="desktop-drop-overlay">
      <Paper
        withBorder
        shadow="xl"
        p="xl"
        radius="lg"
        maw={520}
        mx="md"
        style={{ borderStyle: 'dashed', borderWidth: 2, borderColor: 'var(--mantine-primary-color-filled)' }}
      >
        <Stack align="center" gap="xs">
          <Title order={2} size="h3" ta="center">
            Drop a .py notebook or a folder to import it
          </Title>
          <Text c="dimmed" ta="center">
            A notebook becomes a new notebook of the project shown (else of your first project); a folder opens its import, where you choose the notebooks to
            create.
          </Text>
        </Stack>
      </Paper>
    </Overlay>
  );
}
