import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import classes from '../SessionShell.module.css';

/** The narrowest either side may get, in percent of the width. */
const MIN_PERCENT = 20;
const MAX_PERCENT = 100 - MIN_PERCENT;
/** One arrow key press moves the divider this far. */
const KEY_STEP = 5;

const clamp = (value: number) => Math.min(MAX_PERCENT, Math.max(MIN_PERCENT, value));

/**
 * The notebook on the left and, when there is one, a surface on the right, half and half until the
 * divider is dragged (or moved with the arrow keys). The left side stays the same element whether
 * or not the right one is shown, so the notebook's frame is never loaded again.
 */
export function SplitView({ left, right, rightLabel }: { left: ReactNode; right: ReactNode | null; rightLabel: string }) {
  const [percent, setPercent] = useState(50);
  const [dragging, setDragging] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  const moveTo = (clientX: number) => {
    const box = container.current?.getBoundingClientRect();
    if (box && box.width > 0) setPercent(clamp(((clientX - box.left) / box.width) * 100));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging) moveTo(event.clientX);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.releasePointerCapture(event.pointerId);
    setDragging(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowLeft: percent - KEY_STEP, ArrowRight: percent + KEY_STEP, Home: MIN_PERCENT, End: MAX_PERCENT };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setPercent(clamp(next));
  };

  const shown = right !== null;
  return (
    <div ref={container} className={classes.split} data-dragging={dragging || undefined}>
      <div className={classes.pane} style={{ flex: shown ? `0 0 ${percent}%` : '1 1 auto' }}>
        {left}
      </div>
      {shown && (
        <>
          <div
            className={classes.separator}
            role="separator"
            aria-orientation="vertical"
            aria-label={`Resize the notebook and ${rightLabel}`}
            aria-valuemin={MIN_PERCENT}
            aria-valuemax={MAX_PERCENT}
            aria-valuenow={Math.round(percent)}
            tabIndex={0}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={onKeyDown}
          />
          <div className={classes.pane} style={{ flex: '1 1 0' }}>
            {right}
          </div>
        </>
      )}
    </div>
  );
}
