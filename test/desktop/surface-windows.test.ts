import { describe, expect, it } from 'vitest';
import {
  DESKTOP_SURFACES,
  needsLaunchHeader,
  openTarget,
  surfaceOriginOf,
  surfaceSettingsFrom,
  surfaceWindowNavigation,
} from '../../electron/src/host/surface-windows.js';
import { readSurfaceSettings } from '../../service/src/config/settings-surfaces.js';

const hub = 'http://127.0.0.1:41234';
const onLocalhost = { hubOrigin: hub, surfaceDomain: null };
const underDomain = { hubOrigin: hub, surfaceDomain: 'surfaces.example.org' };
const vscode = 'http://vscode-ses-0123456789abcdef.localhost:41234';
const opencode = 'http://opencode-ses-fedcba9876543210.localhost:41234';

describe("the desktop app's windows for VS Code and OpenCode", () => {
  it('knows a surface by its host: a surface label under localhost on the hub port, or under the configured domain', () => {
    expect(surfaceOriginOf(`${vscode}/.notebook-hub/enter?ticket=abc`, onLocalhost)).toBe(vscode);
    expect(surfaceOriginOf(`${opencode}/session`, onLocalhost)).toBe(opencode);
    // Another port on localhost is some other local server; an unknown label or the hub itself is no surface.
    expect(surfaceOriginOf('http://vscode-ses-0123456789abcdef.localhost:8080/', onLocalhost)).toBeNull();
    expect(surfaceOriginOf('http://jupyter-ses-0123456789abcdef.localhost:41234/', onLocalhost)).toBeNull();
    expect(surfaceOriginOf('http://vscode-ses-0123456789abcdef.evil.localhost:41234/', onLocalhost)).toBeNull();
    expect(surfaceOriginOf(`${hub}/projects`, onLocalhost)).toBeNull();
    expect(surfaceOriginOf('not a url', onLocalhost)).toBeNull();
    expect(surfaceOriginOf('https://vscode-ses-0123456789abcdef.surfaces.example.org/', underDomain)).toBe(
      'https://vscode-ses-0123456789abcdef.surfaces.example.org',
    );
    expect(surfaceOriginOf('https://vscode-ses-0123456789abcdef.example.org/', underDomain)).toBeNull();
    expect(surfaceOriginOf(`${vscode}/`, underDomain)).toBeNull();
  });

  it("opens a surface in a window of its own, the hub's pages in the main window, anything else in the system browser", () => {
    expect(openTarget(`${hub}/projects/p/notebooks/n/edit`, onLocalhost)).toBe('hub-window');
    expect(openTarget(`${vscode}/.notebook-hub/enter?ticket=abc`, onLocalhost)).toBe('surface-window');
    expect(openTarget('https://docs.marimo.io/', onLocalhost)).toBe('external');
    expect(openTarget('http://vscode-ses-0123456789abcdef.localhost:9999/', onLocalhost)).toBe('external');
  });

  it("keeps navigation inside a surface's window, and sends every other address where it belongs", () => {
    expect(surfaceWindowNavigation(`${vscode}/?folder=/workspace`, vscode, onLocalhost)).toBe('stay');
    expect(surfaceWindowNavigation(`${opencode}/`, vscode, onLocalhost)).toBe('surface-window');
    expect(surfaceWindowNavigation(`${hub}/`, vscode, onLocalhost)).toBe('hub-window');
    expect(surfaceWindowNavigation('https://marketplace.visualstudio.com/', vscode, onLocalhost)).toBe('external');
  });

  it("sends the launch secret only to surface hosts on the hub's own loopback port, WebSockets included", () => {
    expect(needsLaunchHeader(`${vscode}/stable-abc/static/x.js`, onLocalhost)).toBe(true);
    expect(needsLaunchHeader('ws://vscode-ses-0123456789abcdef.localhost:41234/stable-abc?reconnectionToken=x', onLocalhost)).toBe(true);
    // The hub's own pages carry it in their cookie; nobody else gets it, a configured domain's hosts included.
    expect(needsLaunchHeader(`${hub}/api/v1/me`, onLocalhost)).toBe(false);
    expect(needsLaunchHeader('http://vscode-ses-0123456789abcdef.localhost:8080/', onLocalhost)).toBe(false);
    expect(needsLaunchHeader('https://vscode-ses-0123456789abcdef.surfaces.example.org/', underDomain)).toBe(false);
    expect(needsLaunchHeader('https://example.org/', onLocalhost)).toBe(false);
  });

  it("offers both surfaces unless the app's environment says otherwise, and takes only their settings from it", () => {
    const env = {
      SERVICE_SURFACES: '[{"id":"vscode"}]',
      SERVICE_SURFACE_DOMAIN: 'x.test',
      SERVICE_AI_BASE_URL: 'http://127.0.0.1:9000/v1',
      SERVICE_AI_MODELS: 'm',
      SERVICE_PORT: '80',
      SERVICE_SURFACESX: 'no',
      SERVICE_AIR: 'no',
      HOME: '/root',
    };
    expect(surfaceSettingsFrom(env)).toEqual({
      SERVICE_SURFACES: '[{"id":"vscode"}]',
      SERVICE_SURFACE_DOMAIN: 'x.test',
      SERVICE_AI_BASE_URL: 'http://127.0.0.1:9000/v1',
      SERVICE_AI_MODELS: 'm',
    });
    expect(surfaceSettingsFrom({})).toEqual({ SERVICE_SURFACES: DESKTOP_SURFACES });
    expect(readSurfaceSettings(surfaceSettingsFrom({}))).toEqual([
      { id: 'vscode', flavor: 'code-server', start: 'on-demand', embed: 'tab' },
      { id: 'opencode', start: 'on-demand', embed: 'tab', managed_ai: false },
    ]);
    expect(surfaceSettingsFrom({ SERVICE_SURFACES: '[]' })).toEqual({ SERVICE_SURFACES: '[]' });
  });
});
