import type { HubSettings } from '../../../config/settings.js';
import { HubError } from '../../../core/errors.js';
import { principalOf } from '../../../http/auth/authenticate.js';
import { setSessionCookie } from '../../../http/auth/session-cookie.js';
import { assertNotThrottled, authenticationFailed } from '../../../http/auth/throttling.js';
import { ERROR_STATUS } from '../../../http/error-status.js';
import { Envelope, Failure, RawContent } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import type { SyncJobs } from '../core/sync-jobs.js';
import type { SyncSessions } from '../core/sync-sessions.js';
import { SYNC_SECURITY, syncAddressOf, type SyncAuthServices } from './sync-auth.js';
import {
  JobRunBody,
  JobRunParams,
  LaunchParams,
  SessionParams,
  SessionStartBody,
  SyncCompute,
  SyncJobRun,
  SyncLaunch,
  SyncSession,
} from './sync-compute-schemas.js';
import { SYNC, syncRoute, tags } from './sync-pull-routes.js';
import { NotebookParams } from './sync-schemas.js';

/** What the compute routes of the sync API use. */
export type SyncComputeRouteServices = SyncAuthServices & {
  useCases: { syncSessions: SyncSessions; syncJobs: SyncJobs };
  settings: HubSettings;
};

/**
 * Running on this hub's compute for another hub (docs/remotes.md, "Running on the team hub"):
 * compute profiles, sessions started, read, stopped and opened through a one-use launch ticket,
 * and job runs with their output and log, as the signed-in user.
 */
export function syncComputeRoutes(app: HubApp, services: SyncComputeRouteServices): void {
  const { syncSessions: sessions, syncJobs: jobs } = services.useCases;
  const route = syncRoute(services);
  const security = SYNC_SECURITY;
  const issuerOf = (request: Parameters<typeof syncAddressOf>[0]) => syncAddressOf(request, services).issuer;

  app.get(
    `${SYNC}/compute`,
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'What notebooks run on here: compute profiles, who may pick one, whether jobs run',
        response: { 200: Envelope(SyncCompute) },
      },
    },
    async () => ({ success: true as const, data: sessions.compute() }),
  );

  app.post(
    `${SYNC}/projects/:pid/notebooks/:nid/sessions`,
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'Start a session of a notebook as the caller (session.start), on a compute profile',
        description:
          "The caller's live session that fits is answered instead (200, reused). Another profile than the notebook's own needs the right to change it (notebook.manage, or notebook.write where editors may pick a profile). A viewer gets no edit session where the viewer mode refuses it (FORBIDDEN); another editor's edit session holding the notebook is EDIT_SESSION_OWNED (409).",
        params: NotebookParams,
        body: SessionStartBody,
        response: { 200: Envelope(SyncSession), 201: Envelope(SyncSession) },
      },
    },
    async (request, reply) => {
      const data = await sessions.start(principalOf(request), issuerOf(request), {
        projectId: request.params.pid,
        notebookId: request.params.nid,
        mode: request.body.mode ?? 'edit',
        compute_profile: request.body.compute_profile ?? null,
      });
      return reply.code(data.reused ? 200 : 201).send({ success: true as const, data });
    },
  );

  app.get(
    `${SYNC}/projects/:pid/sessions/:sid`,
    {
      ...route,
      schema: { tags, security, summary: 'A session the caller may attach to: its state', params: SessionParams, response: { 200: Envelope(SyncSession) } },
    },
    async (request) => ({
      success: true as const,
      data: await sessions.read(principalOf(request), issuerOf(request), { projectId: request.params.pid, sessionId: request.params.sid }),
    }),
  );

  app.post(
    `${SYNC}/projects/:pid/sessions/:sid/stop`,
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'Stop a session (session.stop); an edit session saves first',
        params: SessionParams,
        response: { 200: Envelope(SyncSession) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await sessions.stop(principalOf(request), issuerOf(request), { projectId: request.params.pid, sessionId: request.params.sid }),
    }),
  );

  app.post(
    `${SYNC}/projects/:pid/sessions/:sid/launch`,
    {
      ...route,
      schema: {
        tags,
        security,
        summary: "A one-use link that opens the session's page in a browser not signed in here (session.proxy)",
        description:
          'The link holds a ticket good for one exchange within a minute (stored hashed, audited session.launch); the browser gets a session of this hub as the caller, cleared for no more than the credential that asked. GONE when the session ended.',
        params: SessionParams,
        response: { 201: Envelope(SyncLaunch), 410: Failure('The session ended (GONE)') },
      },
    },
    async (request, reply) => {
      const data = await sessions.launch(principalOf(request), issuerOf(request), { projectId: request.params.pid, sessionId: request.params.sid });
      return reply.code(201).send({ success: true as const, data });
    },
  );

  // A browser arrives here from another hub's window, without any credential of this hub: the
  // ticket is the credential, taken once. A page, not an API.
  app.get(
    `${SYNC}/launches/:ticket`,
    { config: { public: true, cache: 'no-store' as const }, schema: { hide: true, params: LaunchParams } },
    async (request, reply) => {
      const ticket = request.params.ticket;
      void reply.header('referrer-policy', 'no-referrer');
      try {
        assertNotThrottled(request, services, () => null);
        const { cookieValue, path } = await sessions.redeem(ticket);
        setSessionCookie(reply, cookieValue, services.settings);
        return reply.redirect(`${services.settings.basePath}${path}`, 303);
      } catch (error) {
        if (!(error instanceof HubError)) throw error;
        if (error.code === 'UNAUTHORIZED') authenticationFailed(request, services);
        return reply.code(ERROR_STATUS[error.code]).type('text/html; charset=utf-8').send(page('This link cannot open the session', error.message));
      }
    },
  );

  app.post(
    `${SYNC}/projects/:pid/notebooks/:nid/job-runs`,
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'Run the notebook as a job now (notebook.write), on a compute profile',
        description:
          'A run of the notebook\'s "On demand" job, or of its "On demand (<profile>)" job for another profile (made the first time). CONFLICT when jobs are off on this hub.',
        params: NotebookParams,
        body: JobRunBody,
        response: { 201: Envelope(SyncJobRun), 409: Failure('Jobs are off on this hub (CONFLICT)') },
      },
    },
    async (request, reply) => {
      const data = await jobs.run(principalOf(request), {
        projectId: request.params.pid,
        notebookId: request.params.nid,
        computeProfile: request.body.compute_profile ?? null,
      });
      return reply.code(201).send({ success: true as const, data });
    },
  );

  const runRef = (params: { pid: string; nid: string; jid: string; rid: string }) => ({
    projectId: params.pid,
    notebookId: params.nid,
    jobId: params.jid,
    runId: params.rid,
  });

  app.get(
    `${SYNC}/projects/:pid/notebooks/:nid/jobs/:jid/runs/:rid`,
    { ...route, schema: { tags, security, summary: 'A job run: its state', params: JobRunParams, response: { 200: Envelope(SyncJobRun) } } },
    async (request) => ({ success: true as const, data: await jobs.read(principalOf(request), runRef(request.params)) }),
  );

  app.get(
    `${SYNC}/projects/:pid/notebooks/:nid/jobs/:jid/runs/:rid/output`,
    {
      ...route,
      schema: {
        tags,
        security,
        summary: "A job run's HTML output",
        params: JobRunParams,
        response: { 200: RawContent('The notebook rendered as HTML by the run', 'text/html'), 404: Failure('No output (NO_RUN_OUTPUT)') },
      },
    },
    async (request, reply) => {
      const html = await jobs.output(principalOf(request), runRef(request.params));
      return reply.type('text/html; charset=utf-8').header('content-security-policy', 'sandbox').send(html);
    },
  );

  app.get(
    `${SYNC}/projects/:pid/notebooks/:nid/jobs/:jid/runs/:rid/log`,
    {
      ...route,
      schema: { tags, security, summary: "A job run's log", params: JobRunParams, response: { 200: RawContent('The log as plain text', 'text/plain') } },
    },
    async (request, reply) => {
      const log = await jobs.log(principalOf(request), runRef(request.params));
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(log);
    },
  );
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, message: string): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem"><h1>${escape(title)}</h1><p>${escape(message)}</p></body></html>`;
}
