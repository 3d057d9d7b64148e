import { describe, expect, it } from 'vitest';
import { teamLaunchOrigin, teamWindowNavigation } from '../../electron/src/host/team-windows.js';

const hub = 'http://127.0.0.1:41234';
const team = 'https://hub.example.com';
const ticket = 'A'.repeat(40) + '_-9';
const origins = [team, 'http://127.0.0.1:9000'];

describe("the desktop app's windows for sessions on a team hub", () => {
  it('knows a launch link of a team hub the person signed in to, under a base path too', () => {
    expect(teamLaunchOrigin(`${team}/api/v1/sync/launches/${ticket}`, origins)).toBe(team);
    expect(teamLaunchOrigin(`${team}/notebooks/api/v1/sync/launches/${ticket}`, origins)).toBe(team);
    expect(teamLaunchOrigin(`http://127.0.0.1:9000/api/v1/sync/launches/${ticket}`, origins)).toBe('http://127.0.0.1:9000');
  });

  it('leaves anything else to the system browser: another host, another path, a query, credentials in the URL', () => {
    expect(teamLaunchOrigin(`https://evil.example/api/v1/sync/launches/${ticket}`, origins)).toBeNull();
    expect(teamLaunchOrigin(`${team}/projects/p/notebooks/n/edit`, origins)).toBeNull();
    expect(teamLaunchOrigin(`${team}/api/v1/sync/launches/short`, origins)).toBeNull();
    expect(teamLaunchOrigin(`${team}/api/v1/sync/launches/${ticket}?next=https://evil.example`, origins)).toBeNull();
    expect(teamLaunchOrigin(`https://user:pw@hub.example.com/api/v1/sync/launches/${ticket}`, origins)).toBeNull();
    expect(teamLaunchOrigin(`javascript:alert(1)`, origins)).toBeNull();
    expect(teamLaunchOrigin(`${team}/api/v1/sync/launches/${ticket}`, [])).toBeNull();
  });

  it("keeps the team hub's pages in its window, sends this hub's to the main window and the rest to the browser", () => {
    expect(teamWindowNavigation(`${team}/projects/p/notebooks/n/edit`, team, hub)).toBe('stay');
    expect(teamWindowNavigation(`${hub}/projects/p/sync`, team, hub)).toBe('hub-window');
    expect(teamWindowNavigation('https://docs.marimo.io/', team, hub)).toBe('external');
  });
});
