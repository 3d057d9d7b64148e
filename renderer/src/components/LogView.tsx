import { Code, ScrollArea } from '@mantine/core';
import type { Ref } from 'react';

interface Props {
  /** Names the region for screen readers (and finds it in tests). */
  label: string;
  text: string;
  /** Taller than this, the log scrolls inside its box. */
  maxHeight: number | string;
  viewportRef?: Ref<HTMLDivElement>;
  /** The box's tint (an error stream's, say). */
  color?: string;
}

/**
 * A log (a build's or a run's output) in a box that scrolls past `maxHeight`. The scrolling box is
 * a named region that takes the keyboard's focus whatever the log's length, so it can be scrolled
 * without a mouse (axe: scrollable-region-focusable) and nothing depends on how much was written
 * by the time the page is looked at. A region rather than role="log": the text is replaced
 * wholesale when it is read again, which a live log would announce in full each time.
 */
export function LogView({ label, text, maxHeight, viewportRef, color }: Props) {
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto" viewportRef={viewportRef} viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}>
      <Code block color={color} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Code>
    </ScrollArea.Autosize>
  );
}
