import { OpenAiCompatibleProvider } from '../../adapters/ai/openai-compatible-provider.js';
import type { BaseServices, Feature } from '../feature.js';
import { ManagedAi } from './core/managed-ai.js';
import { SessionSurfaces } from './core/session-surfaces.js';
import { SurfacePasses } from './core/surface-passes.js';
import { SurfaceUseCases } from './core/surface-use-cases.js';
import { managedAiRoutes } from './http/managed-ai-routes.js';
import { surfaceDomainOf } from './http/surface-origin.js';
import { registerSurfaceProxy } from './http/surface-proxy.js';
import { surfaceRoutes } from './http/surface-routes.js';
import { surfacePassesTask } from './loops/surface-passes-housekeeping.js';

/** What the surfaces take of the base. */
type SurfacesBase = Pick<
  BaseServices,
  | 'settings'
  | 'store'
  | 'outbound'
  | 'audit'
  | 'users'
  | 'authenticator'
  | 'access'
  | 'sessionStore'
  | 'sessions'
  | 'sandboxes'
  | 'surfaceLauncher'
  | 'background'
  | 'logger'
>;

/**
 * VS Code and OpenCode in edit sessions (docs/surfaces.md): processes in the session's own sandbox
 * beside marimo, reached through the hub's proxy on hosts of their own, and OpenCode's managed AI,
 * the hub's endpoint in front of the deployment's provider.
 */
export const surfacesFeature = {
  name: 'surfaces',
  build(base: SurfacesBase) {
    const { settings } = base;
    const aiClient = base.outbound.client('ai');
    const managedAi = new ManagedAi({
      settings: settings.sessions.managedAi,
      sandboxUrl: settings.sessions.aiSandboxUrl,
      providerFor: (provider) => new OpenAiCompatibleProvider(provider, aiClient),
      sessions: base.sessionStore,
      audit: base.audit,
      sandboxesOnThisMachine: settings.sandboxes.driver === 'local',
    });
    const surfaces = new SessionSurfaces({
      sessions: base.sessionStore,
      managedAi,
      launcher: base.surfaceLauncher,
      surfaces: settings.sessions.surfaces,
      readyTimeoutMs: settings.sandboxes.startupTimeoutSeconds * 1000,
      background: base.background,
      logger: base.logger,
      now: () => new Date(),
    });
    const useCases = {
      surfaces: new SurfaceUseCases({
        access: base.access,
        surfaces,
        passes: new SurfacePasses(base.store),
        audit: base.audit,
        users: base.users,
        isSuperAdmin: (user) => base.authenticator.isSuperAdminUser(user),
      }),
    };
    // A surface shown beside a notebook is a frame from its own host (docs/surfaces.md, "Own origins"), on any port of it.
    const framed = surfaces.available.some((surface) => surface.embed === 'iframe');
    return {
      services: { surfaces, managedAi },
      useCases,
      routes: [
        {
          after: 'sessions',
          register(app) {
            surfaceRoutes(app, { useCases, settings });
            managedAiRoutes(app, { managedAi });
          },
        },
      ],
      ownHosts: {
        register: (app, sockets) => registerSurfaceProxy(app, { ...base, useCases, surfaces }, { sockets, presenceIntervalMs: 30_000 }),
      },
      frameSources: framed ? [`*.${surfaceDomainOf(settings.sessions.surfaceDomain)}:*`] : [],
      offer: () => ({ surfaces: surfaces.available }),
      housekeeping: [surfacePassesTask(base.store)],
      sessions: {
        ports: (mode) => surfaces.portsFor(mode),
        sandboxReady: (record) => surfaces.startEager(record),
        running: (record) => surfaces.startEager(record),
      },
      start: (address) => managedAi.listening(`${address}${settings.basePath}`),
    };
  },
} satisfies Feature;
