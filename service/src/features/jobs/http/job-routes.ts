import type { JobUseCases } from '../core/job-use-cases.js';
import type { HubSettings } from '../../../config/settings.js';
import { pageSize } from '../../../core/use-cases/caller.js';
import { principalOf } from '../../../http/auth/authenticate.js';
import { Envelope, Failure, Page, PageQuery, RawContent, SuccessResponse } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import { JobCreate, JobParams, JobPatchBody, JobRunSchema, JobSchema, RunCreate, RunParams, jobView, runView } from './job-schemas.js';
import { NotebookParams } from '../../../http/routes/notebook-schemas.js';

const JOBS = '/api/v1/projects/:pid/notebooks/:nid/jobs';
const tags = ['Jobs'];

/** What the job routes use. */
export interface JobRouteServices {
  useCases: { jobs: JobUseCases };
  settings: Pick<HubSettings, 'limits'>;
}

/**
 * A notebook's jobs and their runs (docs/jobs.md) through `useCases.jobs`. Reading needs
 * project.read; changing, running and cancelling need notebook.write.
 */
export function jobRoutes(app: HubApp, services: JobRouteServices): void {
  const { jobs } = services.useCases;
  const OneJob = Envelope(JobSchema);
  const OneRun = Envelope(JobRunSchema);
  const ref = (params: { pid: string; nid: string; jid: string }) => ({ projectId: params.pid, notebookId: params.nid, jobId: params.jid });
  const runRef = (params: { pid: string; nid: string; jid: string; rid: string }) => ({ ...ref(params), runId: params.rid });

  app.get(
    JOBS,
    {
      schema: {
        tags,
        summary: "A notebook's jobs, newest first",
        params: NotebookParams,
        querystring: PageQuery,
        response: { 200: Envelope(Page(JobSchema)) },
      },
    },
    async (request) => {
      const page = await jobs.list(principalOf(request), {
        projectId: request.params.pid,
        notebookId: request.params.nid,
        cursor: request.query.cursor ?? null,
        limit: pageSize(request.query.limit, services.settings.limits),
      });
      return { success: true as const, data: { items: page.items.map(jobView), next_cursor: page.nextCursor } };
    },
  );

  app.post(
    JOBS,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Create a job',
        description:
          'At most capabilities.jobs.max_per_notebook jobs per notebook (RESOURCE_EXHAUSTED beyond). A schedule counts from now: no run fires for earlier times.',
        params: NotebookParams,
        body: JobCreate,
        response: { 201: OneJob, 429: Failure('The notebook has capabilities.jobs.max_per_notebook jobs (RESOURCE_EXHAUSTED)') },
      },
    },
    async (request, reply) => {
      const created = await jobs.create(principalOf(request), { projectId: request.params.pid, notebookId: request.params.nid, job: request.body });
      return reply.code(201).send({ success: true as const, data: jobView(created) });
    },
  );

  app.get(`${JOBS}/:jid`, { schema: { tags, summary: 'A job', params: JobParams, response: { 200: OneJob } } }, async (request) => ({
    success: true as const,
    data: jobView(await jobs.get(principalOf(request), ref(request.params))),
  }));

  app.patch(
    `${JOBS}/:jid`,
    {
      schema: {
        tags,
        summary: 'Change a job',
        description: 'A changed schedule, or a job enabled again, counts from now.',
        params: JobParams,
        body: JobPatchBody,
        response: { 200: OneJob },
      },
    },
    async (request) => ({
      success: true as const,
      data: jobView(await jobs.update(principalOf(request), { ...ref(request.params), patch: request.body })),
    }),
  );

  app.delete(
    `${JOBS}/:jid`,
    {
      schema: {
        tags,
        summary: 'Delete a job',
        description: 'Its queued and running runs are cancelled; its run history is deleted by the next retention pass.',
        params: JobParams,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await jobs.delete(principalOf(request), ref(request.params));
      return { success: true as const };
    },
  );

  app.get(
    `${JOBS}/:jid/runs`,
    { schema: { tags, summary: "A job's runs, newest first", params: JobParams, querystring: PageQuery, response: { 200: Envelope(Page(JobRunSchema)) } } },
    async (request) => {
      const page = await jobs.runs(principalOf(request), {
        ...ref(request.params),
        cursor: request.query.cursor ?? null,
        limit: pageSize(request.query.limit, services.settings.limits),
      });
      return { success: true as const, data: { items: page.items.map(runView), next_cursor: page.nextCursor } };
    },
  );

  app.post(
    `${JOBS}/:jid/runs`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Run a job now',
        description:
          'Queues a run; the scheduler starts it when a slot is free. At most capabilities.jobs.max_queued_runs_per_job queued runs per job (RESOURCE_EXHAUSTED beyond). CONFLICT when the job is disabled or runs on its schedule only.',
        params: JobParams,
        body: RunCreate,
        response: {
          201: OneRun,
          409: Failure('The job is disabled, or runs on its schedule only (CONFLICT)'),
          429: Failure('The queue is full (RESOURCE_EXHAUSTED)'),
        },
      },
    },
    async (request, reply) => {
      const run = await jobs.trigger(principalOf(request), {
        ...ref(request.params),
        ...(request.body.parameters ? { parameters: request.body.parameters } : {}),
      });
      return reply.code(201).send({ success: true as const, data: runView(run) });
    },
  );

  app.get(`${JOBS}/:jid/runs/:rid`, { schema: { tags, summary: 'A run', params: RunParams, response: { 200: OneRun } } }, async (request) => ({
    success: true as const,
    data: runView(await jobs.run(principalOf(request), runRef(request.params))),
  }));

  app.post(
    `${JOBS}/:jid/runs/:rid/cancel`,
    {
      schema: {
        tags,
        summary: 'Cancel a run',
        description: "A queued run leaves the queue; a running run's sandbox is destroyed. CONFLICT when the run has ended already.",
        params: RunParams,
        response: { 200: OneRun, 409: Failure('The run has ended (CONFLICT)') },
      },
    },
    async (request) => ({ success: true as const, data: runView(await jobs.cancel(principalOf(request), runRef(request.params))) }),
  );

  app.get(
    `${JOBS}/:jid/runs/:rid/output`,
    {
      schema: {
        tags,
        summary: "The run's HTML output",
        description: 'NO_RUN_OUTPUT (404) while the run has none: not finished yet, or it failed before marimo rendered the notebook.',
        params: RunParams,
        response: { 200: RawContent('The notebook rendered as HTML by the run', 'text/html'), 404: Failure('No such run, or no output (NO_RUN_OUTPUT)') },
      },
    },
    async (request, reply) => {
      const html = await jobs.output(principalOf(request), runRef(request.params));
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
    `${JOBS}/:jid/runs/:rid/logs`,
    {
      schema: {
        tags,
        summary: "The run's log",
        description: "The hub's steps and what the notebook printed; readable while the run goes on (it grows every couple of seconds).",
        params: RunParams,
        response: { 200: RawContent('The log as plain text', 'text/plain') },
      },
    },
    async (request, reply) => {
      const log = await jobs.log(principalOf(request), runRef(request.params));
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(log);
    },
  );
}
