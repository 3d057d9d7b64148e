/**
 * Files for preview tests, made in the test: small ones whole, large and hostile ones lazily (a
 * function of the offset, so a 100 MB line or a multi-GB object costs no memory until read).
 * Each request counts the bytes its `read` served, which the tests compare with the budget.
 */
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import type { PreviewBudgets, PreviewRequest } from '../../service/src/core/ports/data-preview.js';

export const DEFAULT_BUDGETS: PreviewBudgets = { maxBytes: 16 * 1024 * 1024, maxRows: 1000, timeoutMs: 60_000, memoryMb: 128 };

/** An object whose bytes are made on demand: `at(offset, length)` returns that range. */
export interface LazyObject {
  size: number;
  at(offset: number, length: number): Uint8Array;
}

export function whole(bytes: Uint8Array | string): LazyObject {
  const data = typeof bytes === 'string' ? strToU8(bytes) : bytes;
  return { size: data.length, at: (offset, length) => data.subarray(offset, offset + length) };
}

export interface CountedRequest extends PreviewRequest {
  /** Bytes served by `read` so far. */
  served(): number;
}

export function previewRequest(
  object: LazyObject | Uint8Array | string,
  name: string,
  options: { rows?: number; budgets?: Partial<PreviewBudgets>; contentType?: string | null; signal?: AbortSignal; read?: PreviewRequest['read'] } = {},
): CountedRequest {
  const lazy = typeof object === 'string' || object instanceof Uint8Array ? whole(object) : object;
  let served = 0;
  return {
    name,
    size: lazy.size,
    contentType: options.contentType ?? null,
    rows: options.rows ?? 100,
    budgets: { ...DEFAULT_BUDGETS, ...options.budgets },
    signal: options.signal ?? new AbortController().signal,
    read:
      options.read ??
      (async (offset, length) => {
        const bytes = lazy.at(offset, Math.min(length, lazy.size - offset));
        served += bytes.length;
        return bytes;
      }),
    served: () => served,
  };
}

/** Objects made of parts laid end to end, some of them lazy. */
export function concatenated(...parts: LazyObject[]): LazyObject {
  const starts: number[] = [];
  let size = 0;
  for (const part of parts) {
    starts.push(size);
    size += part.size;
  }
  return {
    size,
    at(offset, length) {
      const out = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
      parts.forEach((part, index) => {
        const start = starts[index]!;
        const from = Math.max(offset, start);
        const to = Math.min(offset + out.length, start + part.size);
        if (from < to) out.set(part.at(from - start, to - from), from - offset);
      });
      return out;
    },
  };
}

/** `length` copies of one byte, made on demand. */
export function repeated(byte: string, length: number): LazyObject {
  const code = byte.charCodeAt(0);
  return { size: length, at: (offset, asked) => new Uint8Array(Math.max(0, Math.min(asked, length - offset))).fill(code) };
}

/**
 * gzip of `expanded` zero bytes: a compression bomb (about 450 KiB per 100 MiB, larger than a
 * preview's first read). Made by Node's zlib at its fastest level, which writes a 512 MiB bomb in
 * under a second where fflate took most of a minute; its best level would pack 64 MiB into 64 KiB.
 */
export async function gzipBomb(expanded: number): Promise<Uint8Array> {
  const block = new Uint8Array(1024 * 1024);
  async function* zeros() {
    for (let done = 0; done < expanded; done += block.length) yield block.subarray(0, Math.min(block.length, expanded - done));
  }
  const parts: Buffer[] = [];
  await pipeline(zeros(), createGzip({ level: 1 }), async (compressed: AsyncIterable<Buffer>) => {
    for await (const part of compressed) parts.push(part);
  });
  return Buffer.concat(parts);
}

/** A minimal .xlsx: the sheets' rows (strings go to the shared strings; Dates get a date style). */
export function xlsxWorkbook(
  sheets: { name: string; rows: (string | number | boolean | Date | null)[][] }[],
  extra: Record<string, Uint8Array> = {},
): Uint8Array {
  const strings: string[] = [];
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const column = (index: number) => {
    let name = '';
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    return name;
  };
  const files: Record<string, Uint8Array> = {};
  sheets.forEach((sheet, sheetIndex) => {
    const rows = sheet.rows
      .map((row, rowIndex) => {
        const cells = row
          .map((value, index) => {
            const ref = `${column(index)}${rowIndex + 1}`;
            if (value === null) return '';
            if (typeof value === 'string') {
              strings.push(value);
              return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`;
            }
            if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
            if (value instanceof Date) return `<c r="${ref}" s="1"><v>${value.getTime() / 86_400_000 + 25569}</v></c>`;
            return `<c r="${ref}"><v>${value}</v></c>`;
          })
          .join('');
        return `<row r="${rowIndex + 1}">${cells}</row>`;
      })
      .join('');
    files[`xl/worksheets/sheet${sheetIndex + 1}.xml`] = strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
    );
  });
  files['xl/workbook.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets
      .map((sheet, index) => `<sheet name="${escape(sheet.name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`)
      .join('')}</sheets></workbook>`,
  );
  files['xl/_rels/workbook.xml.rels'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
      .map(
        (_, index) =>
          `<Relationship Id="rId${index + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
      )
      .join('')}</Relationships>`,
  );
  files['xl/styles.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`,
  );
  files['xl/sharedStrings.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings.map((text) => `<si><t>${escape(text)}</t></si>`).join('')}</sst>`,
  );
  files['[Content_Types].xml'] = strToU8('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  return zipSync({ ...files, ...extra });
}

/** The first bytes of a PNG: signature and IHDR (all image-size reads). */
export function pngHeader(width: number, height: number): Uint8Array {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'ascii');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

/** A JPEG's start: SOI, an APP0 segment of `padding` bytes (metadata), then SOF0 with the size. */
export function jpegHeader(width: number, height: number, padding = 16): Uint8Array {
  const app0 = Buffer.alloc(4 + padding);
  app0.set([0xff, 0xe0], 0);
  app0.writeUInt16BE(padding + 2, 2);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}
