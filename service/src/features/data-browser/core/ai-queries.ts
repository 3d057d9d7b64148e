import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { AiProvider } from '../../../core/ports/ai-provider.js';
import type { DatabaseTable } from '../../../core/ports/data-databases.js';
import { databaseError } from './database-browsing.js';
import type { DataIntegrations, DataSources } from './data-sources.js';

export interface AiQueryRequest {
  projectId: string;
  sourceId: string;
  question: string;
  /** The tables the question is about; none: the database's first tables. */
  tables: { schema: string; name: string }[];
  /** Whether the first rows of each table may go to the provider too (off unless the user opts in). */
  includeSampleRows: boolean;
}

export interface AiQueryOutcome {
  sql: string;
  model: string;
  providerId: string;
  sentSampleRows: boolean;
  tables: number;
}

export interface AiQueryDeps {
  sources: DataSources;
  integrations: () => DataIntegrations | null;
  /** A provider speaking the OpenAI API at `baseUrl` with `apiKey`, through the outbound policy. */
  provider(settings: { baseUrl: string; apiKey: string | null }): AiProvider;
  audit: AuditLog;
  timeoutMs: number;
}

const MAX_TABLES = 30;
const SAMPLE_ROWS = 3;
const MAX_QUESTION = 2_000;
const MAX_ANSWER_BYTES = 256 * 1024;
const DEFAULT_MODEL = 'gpt-4o-mini';

/**
 * Questions in words turned into SQL (docs/data-browser.md, "Ask in words"): the project's AI
 * provider integration (kind `openai`) gets the names and types of the chosen tables' columns —
 * never a row unless the user opted in — and answers one statement. The hub only shows it: the
 * user reviews, edits and runs it like any other query.
 */
export class AiQueries {
  constructor(private readonly deps: AiQueryDeps) {}

  async generate(principal: Principal, request: AiQueryRequest, signal: AbortSignal): Promise<AiQueryOutcome> {
    const question = request.question.trim();
    if (question === '' || question.length > MAX_QUESTION)
      throw new HubError('VALIDATION_ERROR', `question must be 1 to ${MAX_QUESTION} characters`, [{ field: 'question', message: 'empty or too long' }]);
    const opened = await this.deps.sources.open(principal, request.projectId, request.sourceId);
    if (opened.type !== 'database') throw new HubError('BAD_REQUEST', 'questions in words are answered for databases only');
    const providerIntegration = (await this.deps.integrations()?.listForBrowsing(request.projectId))?.find((integration) => integration.kind === 'openai');
    if (!providerIntegration)
      throw new HubError('VALIDATION_ERROR', 'this project has no AI provider integration (kind openai): add one to ask in words', [
        { field: 'question', message: 'no AI provider' },
      ]);
    const provider = await this.deps.integrations()!.openForBrowsing(request.projectId, providerIntegration.id);
    if (!provider) throw new HubError('NOT_FOUND', 'the AI provider integration is gone');

    const deadline = AbortSignal.any([signal, AbortSignal.timeout(this.deps.timeoutMs)]);
    let schemaText: string;
    let tables: DatabaseTable[] | { schema: string; name: string }[];
    try {
      tables = request.tables.length > 0 ? request.tables.slice(0, MAX_TABLES) : (await opened.browser.tables(opened.target, deadline)).slice(0, MAX_TABLES);
      const described: string[] = [];
      for (const table of tables) {
        const columns = await opened.browser.columns(opened.target, table, deadline);
        let text = `${table.schema}.${table.name}(${columns.map((column) => `${column.name} ${column.type}`).join(', ')})`;
        if (request.includeSampleRows) {
          const sample = await opened.browser.preview(
            opened.target,
            table,
            { maxRows: SAMPLE_ROWS, maxBytes: 64 * 1024, timeoutMs: this.deps.timeoutMs },
            deadline,
          );
          text += `\n  first rows: ${JSON.stringify(sample.rows)}`;
        }
        described.push(text);
      }
      schemaText = described.join('\n');
    } catch (error) {
      throw databaseError(error, null);
    }

    const model = String(provider.config.model ?? '') || DEFAULT_MODEL;
    const dialect = opened.kind === 'mysql' ? 'MySQL/MariaDB' : 'PostgreSQL';
    const body = {
      model,
      temperature: 0,
      messages: [
        {
          role: 'system',
          content: `You write one read-only ${dialect} SELECT statement answering the user's question about the tables below. Answer with the SQL only, no explanation, no code fence. Use only these tables and columns:\n${schemaText}`,
        },
        { role: 'user', content: question },
      ],
    };
    const answer = await this.deps
      .provider({ baseUrl: String(provider.config.base_url).replace(/\/+$/, ''), apiKey: provider.secrets.api_key ?? null })
      .post('chat/completions', new TextEncoder().encode(JSON.stringify(body)), deadline)
      .catch((error: unknown) => {
        throw new HubError(
          'SERVICE_UNAVAILABLE',
          `the AI provider ${providerIntegration.name} cannot be reached${error instanceof Error && error.name === 'TimeoutError' ? ' in time' : ''}`,
        );
      });
    const text = await readCapped(answer.body, MAX_ANSWER_BYTES);
    if (answer.status < 200 || answer.status >= 300)
      throw new HubError('SERVICE_UNAVAILABLE', `the AI provider ${providerIntegration.name} answered ${answer.status}`);
    const sql = sqlOf(text);
    if (!sql) throw new HubError('SERVICE_UNAVAILABLE', `the AI provider ${providerIntegration.name} answered without a statement`);
    await this.deps.audit.append({
      event: 'data.ai_query',
      actor: principal.user.id,
      projectId: request.projectId,
      metadata: {
        integration_id: opened.integration.id,
        provider_integration_id: providerIntegration.id,
        tables: tables.length,
        sample_rows: request.includeSampleRows,
      },
    });
    return { sql, model, providerId: providerIntegration.id, sentSampleRows: request.includeSampleRows, tables: tables.length };
  }
}

async function readCapped(body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    if (total > maxBytes) throw new HubError('SERVICE_UNAVAILABLE', 'the AI provider answered more than a statement could take');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The statement in an OpenAI chat completion, without a code fence the model may have added anyway. */
export function sqlOf(answer: string): string | null {
  let content: unknown;
  try {
    content = (JSON.parse(answer) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
  } catch {
    return null;
  }
  if (typeof content !== 'string') return null;
  const fenced = /```(?:sql)?\s*([\s\S]*?)```/i.exec(content);
  const sql = (fenced ? fenced[1]! : content).trim();
  return sql === '' ? null : sql;
}
