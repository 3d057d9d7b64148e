import type { Metrics } from '../../../core/ports/metrics.js';

/** The data browser's instruments (docs/telemetry.md): `object_browser.*` and `data_preview.*`, by kind and format only. */
export function dataBrowserMetrics(metrics: Metrics) {
  return {
    objectRequests: metrics.counter('object_browser.requests', {
      description: 'Object browser calls to buckets and workspaces, by kind and operation',
      unit: '{request}',
    }),
    objectBytes: metrics.counter('object_browser.bytes_read', {
      description: 'Bytes the object browser read from buckets and workspaces, by kind',
      unit: 'By',
    }),
    objectDuration: metrics.histogram('object_browser.duration', { description: 'Time of object browser calls, by kind and operation', unit: 'ms' }),
    previews: metrics.counter('data_preview.previews', { description: 'Previews answered, by format', unit: '{preview}' }),
    previewRows: metrics.counter('data_preview.rows', { description: 'Rows shown by table previews, by format', unit: '{row}' }),
    previewBytes: metrics.counter('data_preview.bytes_read', { description: 'Bytes previews read, by format', unit: 'By' }),
    previewFailures: metrics.counter('data_preview.failures', { description: 'Previews that failed, by format and reason', unit: '{preview}' }),
    queries: metrics.counter('data_preview.queries', { description: 'Queries and table previews run against databases, by kind and outcome', unit: '{query}' }),
  };
}

export type DataBrowserMetrics = ReturnType<typeof dataBrowserMetrics>;
