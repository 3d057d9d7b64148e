import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { AuditLog } from '../../../core/audit/audit-log.js';
import { ObjectSourceError, type ObjectBody, type ObjectEntry, type ObjectVersion } from '../../../core/ports/data-objects.js';
import { PreviewError, type DataPreviewer, type Preview, type PreviewBudgets, type PreviewFormat } from '../../../core/ports/data-preview.js';
import { baseName, formatOf } from './data-formats.js';
import type { DataBrowserMetrics } from './data-metrics.js';
import type { DataSources, OpenedSource } from './data-sources.js';
import { PreviewReads } from './preview-reads.js';

export interface ObjectPage {
  bucket: string;
  prefix: string;
  entries: (ObjectEntry & { name: string })[];
  nextCursor: string | null;
}

export interface ObjectDetails {
  key: string;
  name: string;
  size: number;
  modified: string | null;
  contentType: string | null;
  etag: string | null;
  versionId: string | null;
  /** Null where the source keeps no versions. */
  versions: ObjectVersion[] | null;
  format: PreviewFormat | null;
}

export type ShownPreview = Preview & { bytesRead: number; size: number; durationMs: number };

export interface ObjectBrowsingDeps {
  sources: DataSources;
  previewer: DataPreviewer;
  budgets: PreviewBudgets;
  metrics: DataBrowserMetrics;
  audit: AuditLog;
  /** How long one call to a bucket may take. */
  timeoutMs: number;
}

const MAX_KEY = 1024;
const VERSIONS_SHOWN = 50;

/**
 * The object browser (docs/data-browser.md, "Buckets"): folders and objects of a bucket or a
 * workspace, their details, downloads and previews. Previews read through a counted reader: the
 * previewer asks for ranges and never gets more than the byte budget.
 */
export class ObjectBrowsing {
  constructor(private readonly deps: ObjectBrowsingDeps) {}

  async list(principal: Principal, input: { projectId: string; sourceId: string; prefix: string; cursor: string | null; limit: number }): Promise<ObjectPage> {
    checkKey(input.prefix, 'prefix', true);
    return this.withObjects(principal, input, 'list', async (opened, signal) => {
      const listing = await opened.source.list({ prefix: input.prefix, cursor: input.cursor, limit: input.limit, signal });
      return {
        bucket: opened.source.bucket,
        prefix: input.prefix,
        entries: listing.entries.map((entry) => ({ ...entry, name: baseName(entry.type === 'folder' ? entry.prefix : entry.key) })),
        nextCursor: listing.nextCursor,
      };
    });
  }

  async details(principal: Principal, input: { projectId: string; sourceId: string; key: string; versionId: string | null }): Promise<ObjectDetails> {
    checkKey(input.key, 'key');
    return this.withObjects(principal, input, 'head', async (opened, signal) => {
      const facts = await opened.source.head(input.key, input.versionId, signal);
      const versions = opened.kind === 'workspace' ? null : await opened.source.versions(input.key, VERSIONS_SHOWN, signal);
      return { ...facts, name: baseName(facts.key), versions: versions && versions.length > 0 ? versions : null, format: formatOf(facts.key) };
    });
  }

  /** The object's bytes, streamed; reading an integration's object is audited (`data.download`). */
  async download(
    principal: Principal,
    input: { projectId: string; sourceId: string; key: string; versionId: string | null },
    signal: AbortSignal,
  ): Promise<ObjectBody> {
    checkKey(input.key, 'key');
    const opened = await this.objects(principal, input);
    const started = performance.now();
    try {
      const body = await opened.source.open(input.key, input.versionId, signal);
      this.deps.metrics.objectRequests.add(1, { kind: opened.kind, operation: 'download' });
      this.deps.metrics.objectBytes.add(body.facts.size, { kind: opened.kind });
      if (opened.integration)
        await this.deps.audit.append({
          event: 'data.download',
          actor: principal.user.id,
          projectId: input.projectId,
          metadata: { integration_id: opened.integration.id, kind: opened.kind, key: input.key, size: body.facts.size },
        });
      const source = opened.source;
      return { facts: body.facts, body: closing(body.body, () => source.close()) };
    } catch (error) {
      opened.source.close();
      throw objectError(error);
    } finally {
      this.deps.metrics.objectDuration.record(performance.now() - started, { kind: opened.kind, operation: 'download' });
    }
  }

  async preview(
    principal: Principal,
    input: { projectId: string; sourceId: string; key: string; versionId: string | null; rows: number },
    signal: AbortSignal,
  ): Promise<ShownPreview> {
    checkKey(input.key, 'key');
    const opened = await this.objects(principal, input);
    const started = performance.now();
    const named = formatOf(input.key);
    const format = named ?? 'unknown';
    const { maxBytes } = this.deps.budgets;
    let reads: PreviewReads | null = null;
    try {
      // The facts come with the preview's first reads (the start, and a Parquet footer), all at once.
      const first = this.deps.previewer.firstReads(named);
      const head = Math.min(first.head, maxBytes);
      const ends = await opened.source.readEnds(input.key, { head, tail: head + first.tail <= maxBytes ? first.tail : 0, versionId: input.versionId }, signal);
      const { facts } = ends;
      const versionId = facts.versionId ?? input.versionId;
      const served = new PreviewReads(ends, (offset, length) => opened.source.read(input.key, { offset, length, versionId }, signal), maxBytes);
      reads = served;
      const preview = await this.deps.previewer.preview({
        name: facts.key,
        size: facts.size,
        contentType: facts.contentType,
        rows: Math.min(input.rows, this.deps.budgets.maxRows),
        budgets: this.deps.budgets,
        signal,
        read: (offset, length) => served.read(offset, length),
      });
      const shownFormat = preview.format;
      this.deps.metrics.previews.add(1, { format: shownFormat });
      if (preview.kind === 'table') this.deps.metrics.previewRows.add(preview.rows.length, { format: shownFormat });
      return { ...preview, bytesRead: served.bytesRead, size: facts.size, durationMs: Math.round(performance.now() - started) };
    } catch (error) {
      if (error instanceof PreviewError) {
        this.deps.metrics.previewFailures.add(1, { format, reason: error.reason });
        throw new HubError('VALIDATION_ERROR', `${baseName(input.key)} cannot be previewed: ${error.message}`, [{ field: 'key', message: error.reason }]);
      }
      throw objectError(error);
    } finally {
      const bytesRead = reads?.bytesRead ?? 0;
      this.deps.metrics.previewBytes.add(bytesRead, { format });
      this.deps.metrics.objectBytes.add(bytesRead, { kind: opened.kind });
      this.deps.metrics.objectRequests.add(1, { kind: opened.kind, operation: 'preview' });
      this.deps.metrics.objectDuration.record(performance.now() - started, { kind: opened.kind, operation: 'preview' });
      opened.source.close();
    }
  }

  private async objects(principal: Principal, input: { projectId: string; sourceId: string }): Promise<Extract<OpenedSource, { type: 'objects' }>> {
    const opened = await this.deps.sources.open(principal, input.projectId, input.sourceId);
    if (opened.type !== 'objects') throw new HubError('BAD_REQUEST', `${input.sourceId} is a database: browse its tables instead`);
    return opened;
  }

  private async withObjects<T>(
    principal: Principal,
    input: { projectId: string; sourceId: string },
    operation: string,
    work: (opened: Extract<OpenedSource, { type: 'objects' }>, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const opened = await this.objects(principal, input);
    const started = performance.now();
    try {
      return await work(opened, AbortSignal.timeout(this.deps.timeoutMs));
    } catch (error) {
      throw objectError(error);
    } finally {
      this.deps.metrics.objectRequests.add(1, { kind: opened.kind, operation });
      this.deps.metrics.objectDuration.record(performance.now() - started, { kind: opened.kind, operation });
      opened.source.close();
    }
  }
}

function checkKey(key: string, field: string, mayBeEmpty = false): void {
  if ((!mayBeEmpty && key === '') || key.length > MAX_KEY || [...key].some((char) => char.charCodeAt(0) < 0x20))
    throw new HubError(
      'VALIDATION_ERROR',
      `${field} must be ${mayBeEmpty ? '' : 'a non-empty '}text of at most ${MAX_KEY} characters without control characters`,
      [{ field, message: 'not a valid object key' }],
    );
}

/** The store's failures in the hub's words. */
export function objectError(error: unknown): unknown {
  if (!(error instanceof ObjectSourceError)) {
    if (error instanceof Error && error.name === 'TimeoutError') return new HubError('SERVICE_UNAVAILABLE', 'the bucket did not answer in time');
    return error;
  }
  switch (error.reason) {
    case 'not-found':
      return new HubError('NOT_FOUND', error.message);
    case 'invalid':
      return new HubError('VALIDATION_ERROR', error.message, [{ field: 'key', message: error.message }]);
    default:
      return new HubError('SERVICE_UNAVAILABLE', error.message);
  }
}

async function* closing(body: AsyncIterable<Uint8Array>, close: () => void): AsyncIterable<Uint8Array> {
  try {
    yield* body;
  } finally {
    close();
  }
}
