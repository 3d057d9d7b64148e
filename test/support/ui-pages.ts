import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Chromium } from './browser.js';

/** The sizes and themes every main page is photographed in (docs/ui.md). */
export const SCREEN_SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '1024', width: 1024, height: 768 },
] as const;
export const THEMES = ['light', 'dark'] as const;

/** Screenshots `test/artifacts/ui-<name>-<size>-<theme>.png` of the page as it is now. */
export async function shootAll(browser: Chromium, page: Page, name: string): Promise<void> {
  // A page the hub drew is shot once the app has taken it over.
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  const original = page.viewportSize();
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      // A full-page shot of a scrolled page draws the fixed header where the viewport was.
      await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
      await settle(page);
      await browser.screenshot(page, `ui-${name}-${size.name}-${theme}`);
    }
  }
  await page.emulateMedia({ colorScheme: null });
  if (original) await page.setViewportSize(original);
}

/**
 * Waits (up to two seconds) for the page's finite CSS transitions and animations: a theme switch, a
 * notification sliding in, a segmented control's indicator moving once it measured its labels.
 * Endless ones (a spinner, a striped progress bar) are left running. It looks again after two
 * frames, until none is left: a transition that starts only once a resize observer or an effect
 * ran (after the last look) is waited for too, however slow the machine.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(50);
  await page.evaluate(async () => {
    interface RunningAnimation {
      finished: Promise<unknown>;
      effect: { getTiming(): { iterations?: number } } | null;
    }
    const page = globalThis as unknown as { document: { getAnimations(): RunningAnimation[] }; requestAnimationFrame(callback: () => void): number };
    const frame = () => new Promise<void>((resolve) => page.requestAnimationFrame(() => resolve()));
    const deadline = Date.now() + 2000;
    while (Date.now() < deadline) {
      await frame();
      await frame();
      const finite = page.document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
      if (finite.length === 0) return;
      const finished = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
      await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())))]);
    }
  });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

let axeSource: Promise<string> | undefined;

/**
 * The axe rules whose outcome depends on colours (its `cat.color` rules that run by default): the
 * only ones a second theme can change, since a theme switch restyles the page and leaves its
 * elements as they are. The others run once: the second theme's look takes about half the time
 * of the first (color-contrast is most of axe's work in either).
 */
const COLOR_RULES = ['color-contrast', 'link-in-text-block'];

/** Fails naming every serious violation (its rule, the elements, in which theme) when the page has any in either theme. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const violations = await seriousA11yViolations(page);
  expect(violations, `accessibility of ${name}: ${JSON.stringify(violations)}`).toEqual([]);
}

/**
 * The serious and critical accessibility violations axe-core finds on the page: every rule in the
 * first theme, the colour rules in the other. axe is evaluated through the DevTools protocol, which
 * the page's Content-Security-Policy does not cover.
 */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const source = await axeSource;
  const found: AxeViolation[] = [];
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await settle(page);
    const violations = await page.evaluate(
      async ({ script, onlyRules }) => {
        // Runs in the page: no DOM types in this project's compiler settings, so the globals are typed here.
        const page = globalThis as unknown as { axe?: AxeApi; document: unknown };
        if (!page.axe) (0, eval)(script);
        const result = await page.axe!.run(page.document, {
          resultTypes: ['violations'],
          ...(onlyRules ? { runOnly: { type: 'rule', values: onlyRules } } : {}),
        });
        return result.violations.map((violation) => ({
          id: violation.id,
          impact: violation.impact,
          help: violation.help,
          targets: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.html.slice(0, 160)}`),
        }));
        interface AxeApi {
          run(
            context: unknown,
            options: object,
          ): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; html: string }[] }[] }>;
        }
      },
      { script: source, onlyRules: theme === THEMES[0] ? null : COLOR_RULES },
    );
    for (const violation of violations)
      if (violation.impact === 'serious' || violation.impact === 'critical') found.push({ ...violation, help: `${violation.help} (${theme} theme)` });
  }
  await page.emulateMedia({ colorScheme: null });
  return found;
}
