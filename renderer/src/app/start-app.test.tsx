import { afterEach, describe, expect, it } from 'vitest';
import { LOAD_FAILURE_MESSAGE, startApp } from './start-app';

afterEach(() => {
  document.querySelectorAll('.app-load-failure').forEach((notice) => notice.remove());
  document.documentElement.removeAttribute('data-app-load-failed');
});

describe("the app's code, loaded by the entry script", () => {
  it('is fetched again once when the first fetch failed, and the page says nothing', async () => {
    let attempts = 0;
    await startApp(async () => {
      attempts++;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
    }, 0);
    expect(attempts).toBe(2);
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect(document.documentElement.hasAttribute('data-app-load-failed')).toBe(false);
  });

  it('is not fetched a third time: the page says it could not load the app', async () => {
    let attempts = 0;
    await startApp(async () => {
      attempts++;
      throw new TypeError('Failed to fetch dynamically imported module');
    }, 0);
    expect(attempts).toBe(2);
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(LOAD_FAILURE_MESSAGE);
    expect(document.documentElement.hasAttribute('data-app-load-failed')).toBe(true);
  });
});
