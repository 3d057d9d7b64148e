/**
 * Runs `start` once the browser has shown the prerendered page (docs/ui.md, "Loading"). The page
 * arrives in two parts (the head at once, the drawn body once the hub has drawn it), so the first
 * paint the browser reports may be of the head's frame alone; this runs after the first paint is
 * reported *and* a frame has been drawn since the page was parsed (this module runs once parsing
 * ends). Code fetched and compiled before that would hold the page back from the screen. A hidden
 * tab shows nothing, and a browser without paint timing says nothing: the timer starts the app
 * anyway.
 */
export function afterFirstPaint(start: () => void, fallbackMs = 300): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  setTimeout(once, fallbackMs);
  if (document.visibilityState === 'hidden') {
    once();
    return;
  }
  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(once));
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
    afterNextFrame();
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    afterNextFrame();
  });
  observer.observe({ type: 'paint', buffered: true });
}
