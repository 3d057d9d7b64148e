import { Type } from 'typebox';
import { principalOf } from '../../../http/auth/authenticate.js';
import { NotebookParams } from '../../../http/routes/notebook-schemas.js';
import { ProjectIdParams } from '../../../http/routes/project-schemas.js';
import { Envelope, Failure, RawContent } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import type { RemoteCompute } from '../core/remote-compute.js';
import {
  RemoteJobBody,
  RemoteRun,
  RemoteRunListQuery,
  RemoteRunParams,
  remoteRunView,
  RemoteSessionBody,
  StartedRemoteSession,
  TeamCompute,
  TeamLaunch,
} from './remote-run-schemas.js';

const tags = ['Remotes'];
const RUNS = '/api/v1/remote-runs';
const UNREACHABLE = { 503: Failure('The team hub is unreachable (SERVICE_UNAVAILABLE)') };
const REFUSED = {
  409: Failure(
    'The notebook is diverged or in conflict (resolve it first), is not linked, or the team hub refused by its state: jobs off, another editor (CONFLICT)',
  ),
  ...UNREACHABLE,
};

/** What the remote run routes use. */
export interface RemoteRunRouteServices {
  useCases: { remoteCompute: RemoteCompute };
}

/**
 * Running a notebook of a linked project on its team hub (docs/remotes.md, "Running on the team
 * hub"): the team's compute profiles, a session there opened in this window, a job run there with
 * its output brought back, and the caller's runs with their state.
 */
export function remoteRunRoutes(app: HubApp, services: RemoteRunRouteServices): void {
  const compute = services.useCases.remoteCompute;

  app.get(
    '/api/v1/projects/:pid/remote/compute',
    {
      schema: {
        tags,
        summary: "The team hub's compute profiles, who may pick one, and whether jobs run there",
        params: ProjectIdParams,
        response: { 200: Envelope(TeamCompute), ...UNREACHABLE },
      },
    },
    async (request) => ({ success: true as const, data: await compute.compute(principalOf(request), { projectId: request.params.pid }) }),
  );

  app.post(
    '/api/v1/projects/:pid/notebooks/:nid/remote/sessions',
    {
      schema: {
        tags,
        summary: 'Run the notebook in a session on the team hub',
        description:
          "notebook.write. What is new here is pushed first; a diverged notebook is refused (CONFLICT: resolve the conflict first). The team hub starts the session as your user there (its policy decides: a viewer starts no edit session). Answers the run and a launch link: open it once, within a minute, to show the session's page. When the session ends, an edit session's saved result comes back as a local version.",
        params: NotebookParams,
        body: RemoteSessionBody,
        response: { 201: Envelope(StartedRemoteSession), ...REFUSED },
      },
    },
    async (request, reply) => {
      const started = await compute.startSession(principalOf(request), {
        projectId: request.params.pid,
        notebookId: request.params.nid,
        mode: request.body.mode ?? 'edit',
        computeProfile: request.body.compute_profile ?? null,
      });
      return reply.code(201).send({ success: true as const, data: { run: remoteRunView(started.run), launch: started.launch } });
    },
  );

  app.post(
    '/api/v1/projects/:pid/notebooks/:nid/remote/jobs',
    {
      schema: {
        tags,
        summary: 'Run the notebook as a job on the team hub',
        description:
          'notebook.write. What is new here is pushed first (a diverged notebook is refused). CONFLICT when jobs are off on the team hub. Its output and log come back here once the run ended: GET /api/v1/remote-runs/{rrid}/output and /log.',
        params: NotebookParams,
        body: RemoteJobBody,
        response: { 201: Envelope(RemoteRun), ...REFUSED },
      },
    },
    async (request, reply) => {
      const run = await compute.runJob(principalOf(request), {
        projectId: request.params.pid,
        notebookId: request.params.nid,
        computeProfile: request.body.compute_profile ?? null,
      });
      return reply.code(201).send({ success: true as const, data: remoteRunView(run) });
    },
  );

  app.get(
    RUNS,
    {
      schema: {
        tags,
        summary: 'Your sessions and job runs on team hubs, newest first',
        querystring: RemoteRunListQuery,
        response: { 200: Envelope(Type.Object({ items: Type.Array(RemoteRun) })) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { items: (await compute.list(principalOf(request), { projectId: request.query.project_id })).map(remoteRunView) },
    }),
  );

  app.get(
    `${RUNS}/:rrid`,
    {
      schema: {
        tags,
        summary: 'A run on the team hub as it stands',
        description:
          "Until it ended, the team hub is asked; once it ended, an edit session's result is pulled back as a local version and a job's output and log are fetched. When the team hub cannot be reached, the run is answered as recorded with `error` set.",
        params: RemoteRunParams,
        response: { 200: Envelope(RemoteRun) },
      },
    },
    async (request) => ({ success: true as const, data: remoteRunView(await compute.read(principalOf(request), request.params.rrid)) }),
  );

  app.post(
    `${RUNS}/:rrid/stop`,
    {
      schema: {
        tags,
        summary: 'Stop a session on the team hub (it saves first) and bring its result back',
        params: RemoteRunParams,
        response: { 200: Envelope(RemoteRun), ...REFUSED },
      },
    },
    async (request) => ({ success: true as const, data: remoteRunView(await compute.stop(principalOf(request), request.params.rrid)) }),
  );

  app.post(
    `${RUNS}/:rrid/launch`,
    {
      schema: {
        tags,
        summary: "A new one-use link that opens the session's page on the team hub",
        params: RemoteRunParams,
        response: { 201: Envelope(TeamLaunch), ...REFUSED },
      },
    },
    async (request, reply) => reply.code(201).send({ success: true as const, data: await compute.launch(principalOf(request), request.params.rrid) }),
  );

  app.get(
    `${RUNS}/:rrid/output`,
    {
      schema: {
        tags,
        summary: "A job run's HTML output, brought back from the team hub",
        params: RemoteRunParams,
        response: { 200: RawContent('The notebook rendered as HTML by the run', 'text/html'), 404: Failure('No output here (NO_RUN_OUTPUT)') },
      },
    },
    async (request, reply) => {
      const html = await compute.file(principalOf(request), request.params.rrid, 'output');
      return (
        reply
          .type('text/html; charset=utf-8')
          // The output is user content: keep it from running scripts against the hub's origin.
          .header('content-security-policy', "sandbox allow-scripts; default-src 'self' 'unsafe-inline' data: blob:")
          .send(html)
      );
    },
  );

  app.get(
    `${RUNS}/:rrid/log`,
    {
      schema: {
        tags,
        summary: "A job run's log, brought back from the team hub",
        params: RemoteRunParams,
        response: { 200: RawContent('The log as plain text', 'text/plain'), 404: Failure('No log here (NO_RUN_OUTPUT)') },
      },
    },
    async (request, reply) => {
      const log = await compute.file(principalOf(request), request.params.rrid, 'log');
      return reply.type('text/plain; charset=utf-8').send(log);
    },
  );
}
