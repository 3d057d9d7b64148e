import { Type } from 'typebox';
import { principalOf } from '../../../http/auth/authenticate.js';
import { NotebookParams } from '../../../http/routes/notebook-schemas.js';
import { ProjectIdParams } from '../../../http/routes/project-schemas.js';
import { Envelope, Failure, SuccessResponse } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import type { SyncUseCases } from '../core/sync-use-cases.js';
import {
  Conflict,
  ConflictSummary,
  conflictSummaryView,
  conflictView,
  Operation,
  operationView,
  ProjectRemote,
  projectRemoteView,
  PublishBody,
  Resolution,
  ResolveBody,
} from './remote-schemas.js';

const tags = ['Remotes'];
const REMOTE = '/api/v1/projects/:pid/remote';
const NOT_LINKED = { 409: Failure('The project is not linked to a team project, or you have no remote of its team hub (CONFLICT)') };
const UNREACHABLE = { 503: Failure('The team hub is unreachable (SERVICE_UNAVAILABLE); the recorded states stay as they were') };

/** What the project remote routes use. */
export interface ProjectRemoteRouteServices {
  useCases: { sync: SyncUseCases };
}

/**
 * A project's team project (docs/remotes.md): the offline status of its notebooks, fetching the
 * team's heads, pushing, pushing a project the team hub lacks, unlinking, and conflicts. Reading
 * needs project.read, pushing and resolving notebook.write, linking and unlinking project.update.
 */
export function projectRemoteRoutes(app: HubApp, services: ProjectRemoteRouteServices): void {
  const { sync } = services.useCases;

  app.get(
    REMOTE,
    {
      schema: {
        tags,
        summary: "The project's team project and each notebook's state",
        description: 'Computed from what this hub recorded at the last pull, push or fetch: it needs no network and works with the team hub unreachable.',
        params: ProjectIdParams,
        response: { 200: Envelope(ProjectRemote) },
      },
    },
    async (request) => ({ success: true as const, data: projectRemoteView(await sync.status(principalOf(request), { projectId: request.params.pid })) }),
  );

  app.post(
    REMOTE,
    {
      schema: {
        tags,
        summary: 'Push this project to a team hub that lacks it',
        description:
          'Creates the team project (your user there its manager), links this project to it and pushes every notebook, in the background: follow the operation. Needs project.update here and the right to create projects there.',
        params: ProjectIdParams,
        body: PublishBody,
        response: {
          202: Envelope(Operation),
          404: Failure('No remote of yours has this name (NOT_FOUND)'),
          409: Failure('The project is linked already (CONFLICT)'),
          ...UNREACHABLE,
        },
      },
    },
    async (request, reply) => {
      const started = await sync.publish(principalOf(request), { projectId: request.params.pid, remote: request.body.remote, name: request.body.name });
      return reply.code(202).send({ success: true as const, data: operationView(started.operation) });
    },
  );

  app.delete(
    REMOTE,
    {
      schema: {
        tags,
        summary: 'Unlink the project from its team project',
        description: 'Its notebooks stay as they are; their conflicts are dropped. Nothing changes on the team hub.',
        params: ProjectIdParams,
        response: { 200: SuccessResponse, ...NOT_LINKED },
      },
    },
    async (request) => {
      await sync.unlink(principalOf(request), { projectId: request.params.pid });
      return { success: true as const };
    },
  );

  app.post(
    `${REMOTE}/fetch`,
    {
      schema: {
        tags,
        summary: "Ask the team hub for its notebooks' current heads",
        description: 'Records them, so the states show what is behind. Nothing is pulled.',
        params: ProjectIdParams,
        response: { 200: Envelope(ProjectRemote), ...NOT_LINKED, ...UNREACHABLE },
      },
    },
    async (request) => ({ success: true as const, data: projectRemoteView(await sync.fetch(principalOf(request), { projectId: request.params.pid })) }),
  );

  app.post(
    `${REMOTE}/push`,
    {
      schema: {
        tags,
        summary: 'Push the notebooks that are ahead',
        description:
          'In the background: follow the operation. Each version goes with the team version it was made from; a team notebook that moved on since is left as it is and its conflict kept (GET .../remote/conflicts). A push cut off at any point can be run again: the team hub makes each version once.',
        params: ProjectIdParams,
        response: { 202: Envelope(Operation), ...NOT_LINKED, ...UNREACHABLE },
      },
    },
    async (request, reply) => {
      const started = await sync.push(principalOf(request), { projectId: request.params.pid });
      return reply.code(202).send({ success: true as const, data: operationView(started.operation) });
    },
  );

  app.get(
    `${REMOTE}/conflicts`,
    {
      schema: {
        tags,
        summary: "The project's notebooks in conflict with the team hub",
        params: ProjectIdParams,
        response: { 200: Envelope(Type.Array(ConflictSummary)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await sync.conflicts(principalOf(request), { projectId: request.params.pid })).map(conflictSummaryView),
    }),
  );

  app.get(
    `${REMOTE}/conflicts/:nid`,
    {
      schema: {
        tags,
        summary: "A notebook's conflict: base, mine and theirs",
        description: 'The three codes are kept with the conflict: the view works with the team hub unreachable.',
        params: NotebookParams,
        response: { 200: Envelope(Conflict), 404: Failure('The notebook has no conflict (NOT_FOUND)') },
      },
    },
    async (request) => ({
      success: true as const,
      data: conflictView(await sync.conflict(principalOf(request), { projectId: request.params.pid, notebookId: request.params.nid })),
    }),
  );

  app.post(
    `${REMOTE}/conflicts/:nid/resolve`,
    {
      schema: {
        tags,
        summary: "Resolve a notebook's conflict",
        description:
          'No version is lost on either side. keep_both and merged push the result at once; when the team hub cannot be reached then, the notebook stays ahead and `pushed` is false.',
        params: NotebookParams,
        body: ResolveBody,
        response: { 200: Envelope(Resolution), 404: Failure('The notebook has no conflict (NOT_FOUND)'), ...UNREACHABLE },
      },
    },
    async (request) => ({
      success: true as const,
      data: await sync.resolve(principalOf(request), {
        projectId: request.params.pid,
        notebookId: request.params.nid,
        choice: request.body.choice,
        code: request.body.code,
      }),
    }),
  );
}
