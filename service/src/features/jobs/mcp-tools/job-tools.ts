import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { FINISHED_RUN_STATES } from '../core/job-model.js';
import { jobView, runView } from '../http/job-schemas.js';
import { notebookRef, page, run, toolSet, type McpToolSet, type ScopedContext, type ToolContext } from '../../../http/mcp/mcp-tool-kit.js';
import type { JobUseCases } from '../core/job-use-cases.js';

/** The use cases the job tools call. */
export interface JobToolUseCases {
  jobs: JobUseCases;
}

/** How long run_notebook waits by default (inside the common 60-second request timeout of MCP clients), and at most. */
const DEFAULT_WAIT_SECONDS = 50;
const MAX_WAIT_SECONDS = 600;
const POLL_MS = 1000;

const runRef = { ...notebookRef, job_id: z.string().min(1), run_id: z.string().min(1) };

/** A run as the REST route shows it, and, once it has ended, its outputs as text. */
async function runWithOutputs(
  { useCases, principal }: ToolContext<JobToolUseCases>,
  ref: { projectId: string; notebookId: string; jobId: string; runId: string },
) {
  const record = await useCases.jobs.run(principal, ref);
  const finished = FINISHED_RUN_STATES.has(record.state);
  return {
    run: runView(record),
    finished,
    outputs: finished ? await useCases.jobs.outputText(principal, ref) : null,
    ...(finished ? {} : { note: 'The run has not ended yet: call read_run_output with its ids later.' }),
  };
}

/**
 * Running notebooks headless through jobs (docs/mcp.md, docs/jobs.md): the same use cases, policy
 * and audit events as the jobs routes, with a run's outputs answered as text.
 */
export function registerJobTools(server: McpServer, context: ScopedContext<JobToolUseCases>): void {
  server.registerTool(
    'list_jobs',
    {
      title: 'List jobs',
      description: "A notebook's jobs (headless runs on a schedule or on demand), newest first, with each one's last run.",
      inputSchema: { ...notebookRef, ...page },
      annotations: { readOnlyHint: true },
    },
    ({ project_id, notebook_id, limit, cursor }) =>
      run(async () => {
        const { useCases, principal } = context('notebooks:read');
        const listed = await useCases.jobs.list(principal, { projectId: project_id, notebookId: notebook_id, limit: limit ?? 50, cursor: cursor ?? null });
        return { items: listed.items.map(jobView), next_cursor: listed.nextCursor };
      }),
  );

  server.registerTool(
    'run_notebook',
    {
      title: 'Run a notebook',
      description:
        'Runs a notebook headless (every cell, top to bottom, in a fresh sandbox) and answers, once it ends, with the run and its outputs as text: what each cell showed and printed, and any error. ' +
        'It runs through job_id, or else through the notebook\u2019s job named "On demand" (made the first time, visible on the Jobs tab). parameters are the command-line arguments the notebook reads with mo.cli_args(). ' +
        `It waits up to wait_seconds (default ${DEFAULT_WAIT_SECONDS}); a run still going by then is answered as it stands, to be read later with read_run_output.`,
      inputSchema: {
        ...notebookRef,
        job_id: z.string().min(1).optional(),
        parameters: z.array(z.string().max(1000)).max(100).optional(),
        wait_seconds: z.number().int().min(0).max(MAX_WAIT_SECONDS).optional(),
      },
    },
    ({ project_id, notebook_id, job_id, parameters, wait_seconds }) =>
      run(async () => {
        const tools = context('sessions');
        const started = await tools.useCases.jobs.runNow(tools.principal, { projectId: project_id, notebookId: notebook_id, jobId: job_id, parameters });
        const ref = { projectId: project_id, notebookId: notebook_id, jobId: started.job_id, runId: started.id };
        const deadline = Date.now() + (wait_seconds ?? DEFAULT_WAIT_SECONDS) * 1000;
        while (Date.now() < deadline && !FINISHED_RUN_STATES.has((await tools.useCases.jobs.run(tools.principal, ref)).state)) {
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
        return runWithOutputs(tools, ref);
      }),
  );

  server.registerTool(
    'read_run_output',
    {
      title: 'Read a run',
      description: "A job run's state and, once it has ended, its outputs as text (what each cell showed and printed, and any error).",
      inputSchema: runRef,
      annotations: { readOnlyHint: true },
    },
    ({ project_id, notebook_id, job_id, run_id }) =>
      run(async () => runWithOutputs(context('notebooks:read'), { projectId: project_id, notebookId: notebook_id, jobId: job_id, runId: run_id })),
  );
}

/** The job tools, calling these use cases. */
export const jobTools = (useCases: JobToolUseCases): McpToolSet => toolSet(useCases, registerJobTools);
