import { integer, type Env, type SettingDefinition } from './parse.js';
import { onOff } from './settings-integrations.js';

/** The data browser and its budgets (docs/data-browser.md). */
export interface DataBrowserSettings {
  /** `SERVICE_DATA_BROWSER=on` (default): the Data tab and its routes work. */
  enabled: boolean;
  preview: {
    /** Bytes one preview may read from the object. */
    maxBytes: number;
    /** Rows one preview may hold. */
    maxRows: number;
    timeoutMs: number;
    /** Heap of the worker that parses, in MiB. */
    memoryMb: number;
  };
  query: {
    timeoutMs: number;
    maxRows: number;
    /** The result's size as JSON text. */
    maxBytes: number;
  };
}

const MIB = 1024 * 1024;

export const dataBrowserSettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_DATA_BROWSER', group: 'data browser', name: 'Data browser: browse, preview and query integrations (on or off)', secret: false },
  { key: 'SERVICE_DATA_PREVIEW_MAX_BYTES', group: 'data browser', name: 'Data browser: bytes one preview may read', secret: false },
  { key: 'SERVICE_DATA_PREVIEW_MAX_ROWS', group: 'data browser', name: 'Data browser: rows one preview may show', secret: false },
  { key: 'SERVICE_DATA_PREVIEW_TIMEOUT_MS', group: 'data browser', name: 'Data browser: time one preview may take (milliseconds)', secret: false },
  { key: 'SERVICE_DATA_PREVIEW_MEMORY_MB', group: 'data browser', name: 'Data browser: memory of the preview worker (MiB)', secret: false },
  { key: 'SERVICE_DATA_QUERY_TIMEOUT_SECONDS', group: 'data browser', name: 'Data browser: statement timeout of a query (seconds)', secret: false },
  { key: 'SERVICE_DATA_QUERY_MAX_ROWS', group: 'data browser', name: 'Data browser: rows one query may return', secret: false },
  { key: 'SERVICE_DATA_QUERY_MAX_BYTES', group: 'data browser', name: "Data browser: size of one query's result (bytes)", secret: false },
];

export function readDataBrowserSettings(env: Env): DataBrowserSettings {
  return {
    enabled: onOff(env, 'SERVICE_DATA_BROWSER', 'on'),
    preview: {
      maxBytes: integer(env, 'SERVICE_DATA_PREVIEW_MAX_BYTES', 16 * MIB, { min: 64 * 1024, max: 1024 * MIB }),
      maxRows: integer(env, 'SERVICE_DATA_PREVIEW_MAX_ROWS', 1000, { min: 1, max: 100_000 }),
      timeoutMs: integer(env, 'SERVICE_DATA_PREVIEW_TIMEOUT_MS', 10_000, { min: 100, max: 300_000 }),
      memoryMb: integer(env, 'SERVICE_DATA_PREVIEW_MEMORY_MB', 256, { min: 32, max: 8192 }),
    },
    query: {
      timeoutMs: integer(env, 'SERVICE_DATA_QUERY_TIMEOUT_SECONDS', 30, { min: 1, max: 3600 }) * 1000,
      maxRows: integer(env, 'SERVICE_DATA_QUERY_MAX_ROWS', 10_000, { min: 1, max: 1_000_000 }),
      maxBytes: integer(env, 'SERVICE_DATA_QUERY_MAX_BYTES', 16 * MIB, { min: 64 * 1024, max: 1024 * MIB }),
    },
  };
}
