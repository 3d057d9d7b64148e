import { expectedFormat } from '../../../core/data/preview-formats.js';
import type { PreviewFormat } from '../../../core/ports/data-preview.js';

/** The format a name promises (`.csv.gz` counts as CSV: previews expand gzip); null: none from the name alone. */
export function formatOf(name: string): PreviewFormat | null {
  return expectedFormat(name, null).format;
}

/** The last segment of a key or path. */
export function baseName(key: string): string {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}
