import { useEffect, useState } from 'react';

/**
 * Whether the element's content is wider than the element itself (so it scrolls sideways), kept up
 * to date as either changes size.
 */
export function useOverflowing(element: HTMLElement | null): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    if (!element) return;
    // A pixel of rounding is not a scroll.
    const update = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [element]);
  return overflowing;
}
