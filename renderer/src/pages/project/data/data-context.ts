import { useOutletContext } from 'react-router';
import type { DataSource } from '../../../api/data-browser';
import type { Project } from '../../../api/types';

/** What the Data tab's pages share: the project, its data sources (undefined while they load) and what the hub offers. */
export interface DataContext {
  project: Project;
  sources: DataSource[] | undefined;
  /** capabilities.data_browser; undefined while it loads. */
  offers: { available: boolean; preview: boolean; query: boolean; ai_query: boolean } | undefined;
}

export function useDataContext(): DataContext {
  return useOutletContext<DataContext>();
}

const KIND_NAMES: Record<string, string> = {
  s3: 'S3 bucket',
  postgres: 'PostgreSQL',
  mysql: 'MySQL / MariaDB',
  workspace: 'Notebook workspace',
};

/** What a source holds, in a few words: its kind and its bucket or database. */
export function describeSource(source: DataSource): string {
  const kind = KIND_NAMES[source.kind] ?? source.kind;
  const where = source.bucket ?? source.database;
  return where ? `${kind} · ${where}` : kind;
}
