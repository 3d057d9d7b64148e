import type { AiQueries } from './ai-queries.js';
import type { DataCellUseCases } from './data-cell-use-cases.js';
import type { DatabaseBrowsing } from './database-browsing.js';
import type { DataSources } from './data-sources.js';
import type { ObjectBrowsing } from './object-browsing.js';

/** The data browser's use cases (docs/data-browser.md), each authorized for a signed-in principal. */
export interface DataBrowserUseCases {
  sources: DataSources;
  objects: ObjectBrowsing;
  databases: DatabaseBrowsing;
  cells: DataCellUseCases;
  ai: AiQueries;
}
