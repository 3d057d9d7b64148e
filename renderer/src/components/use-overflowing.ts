import { useEffect, useState } from 'react';

/**
 * Whether the element's content is larger than the element itself, so it scrolls: sideways (`x`,
 * a wide table) or down (`y`, a long dialog). Kept up to date as the element or its children
 * change size.
 */
export function useOverflowing(element: HTMLElement | null, axis: 'x' | 'y' = 'x'): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    if (!element) return;
    // A pixel of rounding is not a scroll.
    const update = () => setOverflowing(axis === 'x' ? element.scrollWidth > element.clientWidth + 1 : element.scrollHeight > element.clientHeight + 1);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [element, axis]);
  return overflowing;
}
