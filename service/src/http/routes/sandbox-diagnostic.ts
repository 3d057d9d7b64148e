import { Type, type TSchema } from 'typebox';
import type { UseCases } from '../../core/use-cases/index.js';
import { principalOf } from '../auth/authenticate.js';
import { recordedTraceIdOf } from '../../core/ports/tracing.js';
import { DateTime, Failure, Nullable, TraceId } from '../schemas.js';
import type { HubApp } from '../types.js';

export const SANDBOX_DIAGNOSTIC_PATH = '/api/v1/admin/debug/sandbox-startup';

const StartupRequest = Type.Object(
  {
    image: Type.Optional(Type.String({ minLength: 1 })),
    compute_profile: Type.Optional(Type.String({ minLength: 1 })),
    environment_setup_benchmark: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, $id: 'SandboxStartupRequest' },
);

const phaseFields = {
  status: Type.Enum(['ok', 'failed', 'skipped', 'unknown']),
  duration_ms: Nullable(Type.Number({ minimum: 0 })),
  error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() })),
};
const Phase = Type.Object(phaseFields);
const Command = Type.Object({
  ...phaseFields,
  command: Type.String(),
  stdout: Type.String(),
  stderr: Type.String(),
  failure_code: Type.Optional(Type.Enum(['COMMAND_FAILED', 'SPAWN_FAILED', 'BACKEND_ERROR', 'unknown'])),
});
const NumberMap = (minimum?: number): TSchema => Type.Record(Type.String(), Type.Number(minimum === undefined ? {} : { minimum }));

const StartupReport = Type.Object(
  {
    ok: Type.Boolean(),
    sandbox_id: Nullable(Type.String()),
    image: Nullable(Type.String()),
    compute_profile: Nullable(Type.String()),
    compute_resources: Type.Object({ cpu: Type.Optional(Type.Number()), memory_bytes: Type.Optional(Type.Number()), gpu: Type.Optional(Type.String()) }),
    started_at: DateTime,
    finished_at: DateTime,
    total_ms: Type.Number({ minimum: 0 }),
    handle: Phase,
    readiness: Command,
    exec: Command,
    cleanup: Phase,
    startup_timings_ms: NumberMap(0),
    counters: NumberMap(),
    environment_setup_benchmark: Nullable(
      Type.Object({ tool: Type.String({ minLength: 1 }), runtime_probe: Command, artifact_download: Command, prepare: Command, install: Command }),
    ),
    trace_id: TraceId('the request that ran the diagnostic'),
  },
  { $id: 'SandboxStartupReport' },
);

/** What the start-up diagnostic route uses. */
export interface SandboxDiagnosticRouteServices {
  useCases: Pick<UseCases, 'diagnostics'>;
}

/**
 * The sandbox start-up diagnostic (docs/sandboxes.md): super admins only, browser sessions only, one
 * active run per admin across every replica. The rules and the run are core's
 * (`useCases.diagnostics`, `core/sandboxes/startup-diagnostic.ts`); this route parses and presents.
 */
export function sandboxDiagnosticRoutes(app: HubApp, services: SandboxDiagnosticRouteServices): void {
  app.post(
    SANDBOX_DIAGNOSTIC_PATH,
    {
      config: { action: 'admin.access', sessionOnly: true, cache: 'no-store' },
      schema: {
        tags: ['System'],
        summary: 'Start a temporary sandbox, time its phases, and destroy it',
        description: 'One active run per admin: a second concurrent request answers 429 RESOURCE_EXHAUSTED.',
        body: StartupRequest,
        response: {
          200: Type.Object({ success: Type.Literal(true), data: StartupReport }),
          429: Failure('A diagnostic of yours is already running (RESOURCE_EXHAUSTED)'),
        },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const report = await services.useCases.diagnostics.sandboxStartup(
        principalOf(request),
        { image: body.image, computeProfile: body.compute_profile, environmentSetupBenchmark: body.environment_setup_benchmark },
        { logger: request.log },
      );
      // The report names the trace of the request that ran it, for an operator to open it from the report.
      return { success: true as const, data: { ...report, trace_id: recordedTraceIdOf(request.traceSpan?.traceparent) } };
    },
  );
}
