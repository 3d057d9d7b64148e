import { Type } from 'typebox';
import { HubError, type FieldProblem } from '../../core/errors.js';
import type { UseCases } from '../../core/use-cases/index.js';
import type { HubSettings } from '../../config/settings.js';
import { principalOf } from '../auth/authenticate.js';
import { pageSize } from '../../core/use-cases/caller.js';
import { DateTime, Envelope, PageQuery } from '../schemas.js';
import type { HubApp } from '../types.js';
import { ProjectIdParams } from './project-schemas.js';

// A day that exists (YYYY-MM-DD): format date says so to clients and generators, where a pattern
// would also admit 2024-02-30.
const Day = (description: string) => Type.String({ format: 'date', description });

export const AuditLogEntry = Type.Object(
  {
    id: Type.String(),
    schema_version: Type.Integer({ minimum: 1 }),
    ts: DateTime,
    event: Type.String({ description: 'What happened, e.g. project.update' }),
    actor: Type.String({ description: 'The user id of whoever did it, or system' }),
    project_id: Type.Optional(Type.String({ description: 'The project it concerns, if any' })),
    metadata: Type.Object({}, { additionalProperties: true }),
  },
  { $id: 'AuditLogEntry' },
);

export const AuditLogPage = Type.Object({ items: Type.Array(AuditLogEntry), next_cursor: Type.Union([Type.String(), Type.Null()]) }, { $id: 'AuditLogPage' });

const ExactFilter = (description: string) => Type.Optional(Type.String({ minLength: 1, maxLength: 200, description }));

const EventsQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    event: ExactFilter('Only entries of this event type (exact), e.g. project.update'),
    actor: ExactFilter('Only entries by this actor (exact user id, or system)'),
    project_id: ExactFilter('Only entries about this project (exact id)'),
    from: Type.Optional(Day('First UTC day, YYYY-MM-DD, inclusive (default: 29 days before to)')),
    to: Type.Optional(Day('Last UTC day, YYYY-MM-DD, inclusive (default: today)')),
  }),
]);

/** What the audit routes use. */
export interface AuditRouteServices {
  useCases: Pick<UseCases, 'audit'>;
  settings: Pick<HubSettings, 'limits'>;
}

/**
 * The audit logs: one project's day (project managers) and the whole deployment's log (super
 * admins), read through `useCases.audit`. Problems with query values found past the schema (core's
 * day, range and cursor rules) are presented as query fields too.
 */
export function auditRoutes(app: HubApp, services: AuditRouteServices): void {
  const { audit } = services.useCases;

  app.get(
    '/api/v1/projects/:pid/events',
    {
      schema: {
        tags: ['Audit'],
        summary: "One UTC day of a project's audit log, newest first (project managers)",
        description: 'date=YYYY-MM-DD picks the day (default: today, UTC). A plain array; a day in the future is simply empty.',
        params: ProjectIdParams,
        querystring: Type.Object({ date: Type.Optional(Day('The UTC day, YYYY-MM-DD (default: today)')) }),
        response: { 200: Envelope(Type.Array(AuditLogEntry)) },
      },
    },
    async (request) => {
      const entries = await asQueryProblem(audit.projectDay(principalOf(request), { projectId: request.params.pid, date: request.query.date }));
      return { success: true as const, data: entries };
    },
  );

  app.get(
    '/api/v1/events',
    {
      config: { action: 'audit.global.read' },
      schema: {
        tags: ['Audit'],
        summary: "The deployment's audit log, newest first (super admins)",
        description:
          'Filters event, actor and project_id match exactly. from and to bound the UTC days (inclusive); the default is the last 30 days including today, and a range may cover at most 30 days. A next_cursor keeps the range it was issued for; the last page may be empty.',
        querystring: EventsQuery,
        response: { 200: Envelope(AuditLogPage) },
      },
    },
    async (request) => {
      const { limit, cursor, event, actor, project_id: projectId, from, to } = request.query;
      const page = await asQueryProblem(
        audit.deploymentPage(principalOf(request), {
          limit: pageSize(limit, services.settings.limits),
          cursor: cursor ?? null,
          event,
          actor,
          projectId,
          from,
          to,
        }),
      );
      return { success: true as const, data: { items: page.items, next_cursor: page.nextCursor } };
    },
  );
}

/** Core names the input field of a bad value; here it is a query parameter. */
async function asQueryProblem<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof HubError && error.code === 'VALIDATION_ERROR' && error.details) {
      throw queryProblem(error.details);
    }
    throw error;
  }
}

function queryProblem(problems: FieldProblem[]): HubError {
  const details = problems.map((problem) => ({ field: `query.${problem.field}`, message: problem.message }));
  return new HubError('VALIDATION_ERROR', `the request is invalid: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`, details);
}
