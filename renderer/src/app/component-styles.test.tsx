import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loadComponentStyles, routesWithComponentStyles, withComponentStyles } from './component-styles';

describe('component styles', () => {
  it('fetches the whole stylesheet once, however many pages ask', () => {
    expect(loadComponentStyles()).toBe(loadComponentStyles());
  });

  it('resolves a lazily loaded module with its own value once the stylesheet is there', async () => {
    const load = vi.fn(async () => ({ default: 'page' }));
    await expect(withComponentStyles(load)()).resolves.toEqual({ default: 'page' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("wraps every route's lazy loader at every depth and leaves the rest of each route as it was", async () => {
    const Page = () => null;
    const inner = vi.fn(async () => ({ Component: Page }));
    const outer = vi.fn(async () => ({ Component: Page }));
    const routes: RouteObject[] = [
      { path: '/', element: <Page /> },
      { path: 'projects/:pid', lazy: outer, children: [{ path: 'settings', lazy: inner }] },
    ];
    const styled = routesWithComponentStyles(routes);
    expect(styled[0]).toEqual(routes[0]);
    expect(styled[1]!.path).toBe('projects/:pid');
    expect(styled[1]!.lazy).not.toBe(outer);
    const child = styled[1]!.children![0]!;
    expect(child.lazy).not.toBe(inner);
    await expect((child.lazy as () => Promise<unknown>)()).resolves.toEqual({ Component: Page });
    expect(inner).toHaveBeenCalledTimes(1);
    // The routes given are not changed.
    expect(routes[1]!.lazy).toBe(outer);
  });
});
