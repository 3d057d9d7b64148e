/**
 * One preview, inside the worker: the first bytes tell what the object is (sniff.ts), the
 * format's reader does the rest. Anything a parser throws that is not already a PreviewError is a
 * file it could not read (`malformed`); a stack overflow on hostile nesting is one too.
 */
import { PreviewError, type Preview, type PreviewFormat } from '../../../core/ports/data-preview.js';
import { previewArrow } from './formats/arrow.js';
import { previewCsv } from './formats/csv.js';
import { previewExcel } from './formats/excel.js';
import { previewImage } from './formats/image.js';
import { previewJson } from './formats/json.js';
import { previewParquet } from './formats/parquet.js';
import { previewText } from './formats/text.js';
import type { PreviewJob } from './protocol.js';
import { expectedFormat } from '../../../core/data/preview-formats.js';
import { FORMAT_NAMES, route, sniff } from './sniff.js';
import type { ByteSource } from './source.js';

const SNIFF_BYTES = 4096;

export async function previewFile(job: PreviewJob, source: ByteSource, onFormat: (format: PreviewFormat) => void): Promise<Preview> {
  if (job.size === 0) throw new PreviewError('malformed', 'The file is empty.');
  // Cached: the text formats read their first chunk over the same bytes without paying twice for them.
  const head = await source.read(0, Math.min(SNIFF_BYTES, job.size));
  const { format, content } = route(job.name, expectedFormat(job.name, job.contentType), sniff(head));
  onFormat(format);
  const rows = Math.min(job.rows, job.maxRows);
  try {
    switch (format) {
      case 'csv':
      case 'tsv':
        return await previewCsv(source, format, content === 'gzip', rows);
      case 'json':
      case 'ndjson':
        return await previewJson(source, format, content === 'gzip', rows);
      case 'text':
      case 'markdown':
        return await previewText(source, format, content === 'gzip');
      case 'parquet':
        return await previewParquet(source, rows);
      case 'arrow':
        return await previewArrow(source, rows);
      case 'excel':
        return await previewExcel(source, rows);
      case 'image':
        return await previewImage(source, content);
    }
  } catch (error) {
    if (error instanceof PreviewError) throw error;
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw new PreviewError('malformed', `The ${FORMAT_NAMES[format]} data is nested too deeply to preview.`);
    }
    throw new PreviewError('malformed', `The file could not be read as ${FORMAT_NAMES[format]}: ${(error as Error).message}`);
  }
}
