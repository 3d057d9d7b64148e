import { Type } from 'typebox';
import type { UseCases } from '../../core/use-cases/index.js';
import type { RuntimeSetupView } from '../../core/use-cases/runtime-setup.js';
import { principalOf } from '../auth/authenticate.js';
import { Envelope, Failure, Nullable } from '../schemas.js';
import type { HubApp } from '../types.js';
import { absentBodyIsEmpty } from '../validation.js';

export const RUNTIME_SETUP_PATH = '/api/v1/runtime-setup';

const RuntimeSetupStatus = Type.Object(
  {
    state: Type.Enum(['ready', 'preparing', 'missing', 'needs_repair', 'no_python', 'failed', 'not_applicable'], {
      description:
        'not_applicable: the sandbox driver runs the runtime of its image (Docker), there is nothing to set up. missing: never built; the first session start builds it.',
    }),
    percent: Nullable(Type.Integer({ minimum: 0, maximum: 100, description: 'How far the build is, while preparing' })),
    step: Nullable(Type.String({ description: 'What the build is doing, while preparing' })),
    detail: Type.String({
      description: 'What the state means here, with the cause when something is wrong; for callers who are not super admins, one plain sentence per state',
    }),
    log_tail: Nullable(
      Type.String({ description: "The last lines of the current or last build's output; null for callers who are not super admins, and where not applicable" }),
    ),
  },
  { $id: 'RuntimeSetupStatus' },
);

const RuntimeSetupRequest = Type.Object(
  { rebuild: Type.Optional(Type.Boolean({ default: false, description: 'Build again even when the runtime looks current (a repair)' })) },
  { additionalProperties: false, $id: 'RuntimeSetupRequest' },
);

const present = (view: RuntimeSetupView) => ({
  state: view.state,
  percent: view.percent,
  step: view.step,
  detail: view.detail,
  log_tail: view.logTail,
});

/** What the runtime set-up routes use. */
export interface RuntimeSetupRouteServices {
  useCases: Pick<UseCases, 'runtimeSetup'>;
}

/**
 * The notebook runtime's set-up (docs/runtime.md) through `useCases.runtimeSetup`: its status for
 * anyone signed in, and a build or repair for super admins.
 */
export function runtimeSetupRoutes(app: HubApp, services: RuntimeSetupRouteServices): void {
  const { runtimeSetup } = services.useCases;
  app.get(
    RUNTIME_SETUP_PATH,
    {
      config: { cache: 'no-store' },
      schema: {
        tags: ['System'],
        summary: "Where the set-up of the notebook runtime stands: state, progress while it is being built, and the last build's log",
        description: 'Any signed-in user; the cause in `detail` and `log_tail` only for super admins.',
        response: { 200: Envelope(RuntimeSetupStatus) },
      },
    },
    async (request) => ({ success: true as const, data: present(await runtimeSetup.status(principalOf(request))) }),
  );

  app.post(
    RUNTIME_SETUP_PATH,
    {
      config: { action: 'admin.access' },
      preValidation: absentBodyIsEmpty,
      schema: {
        tags: ['System'],
        summary: 'Build the notebook runtime (again, with rebuild) in the background',
        description:
          'Answers 202 with the status once the build is under way; a build already running (a session start needing the runtime, another request) is joined, not restarted. Audited as runtime.setup_requested.',
        body: RuntimeSetupRequest,
        response: {
          202: Envelope(RuntimeSetupStatus),
          409: Failure('The sandbox driver has no runtime to set up (RUNTIME_SETUP_NOT_APPLICABLE)'),
        },
      },
    },
    async (request, reply) => {
      const view = await runtimeSetup.prepare(principalOf(request), { rebuild: request.body.rebuild ?? false }, { logger: request.log });
      return reply.code(202).send({ success: true as const, data: present(view) });
    },
  );
}
