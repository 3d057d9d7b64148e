/**
 * The first rows of one Parquet data page (v1 or v2), decoded with hyparquet's decoders but only
 * as far as the rows shown: hyparquet itself decodes every value a page holds, which for a page of
 * 122,880 rows is three orders of magnitude more work than a preview needs.
 *
 * A page is levels then values, each read front to back: repetition levels (list columns) tell
 * where rows start, so the entries of the rows shown are counted on them; definition levels tell
 * which of those entries hold a value; then that many values are decoded. Every value encoding
 * reads its values in order except BYTE_STREAM_SPLIT and ALP, whose pages are decoded whole; the
 * delta encodings of byte arrays read all their lengths (small) and only the bytes of the values
 * shown. Dictionary pages are decoded lazily, up to the largest index the shown values use.
 *
 * The bytes given may be only the start of the page: any read past them throws, and the caller
 * tries again with more (parquet-rows.ts).
 */
import type { DataPageHeader, DecodedArray, Encoding, PageHeader } from 'hyparquet';
import { alpDecode } from 'hyparquet/src/alp.js';
import { convert } from 'hyparquet/src/convert.js';
import { deltaBinaryUnpack } from 'hyparquet/src/delta.js';
import { byteStreamSplit } from 'hyparquet/src/encoding.js';
import { readPlain } from 'hyparquet/src/plain.js';
import { readVarInt } from 'hyparquet/src/thrift.js';
import { readHybrid, type Reader } from './parquet-hybrid.js';

/** What hyparquet's decoders and converters know of a column. */
export type ColumnDecoder = Parameters<typeof convert>[1];
type DataPageHeaderV2 = NonNullable<PageHeader['data_page_header_v2']>;

/** What a page gives the column: levels and values to assemble, and how many rows it began. */
export interface PageRows {
  definitionLevels: number[];
  repetitionLevels: number[];
  values: DecodedArray;
  /** Rows whose first entry is in what was decoded. */
  starts: number;
  /** A row past the wanted ones starts in this page, so the rows before it are complete. */
  sawNextRow: boolean;
}

/** A page's level bytes, which a v2 page keeps uncompressed before its values. */
export interface V2Levels {
  repetition: Uint8Array;
  definition: Uint8Array;
}

export interface PageShape {
  maxRepetition: number;
  maxDefinition: number;
}

/** Thrown when the rows cannot be cut from the page's start: the page is then decoded whole. */
export class WholePageNeeded extends Error {}

/**
 * The dictionary of a column chunk, decoded lazily: only up to the largest index the shown values
 * use, and converted (text, timestamps) only for the values shown.
 */
export class Dictionary {
  private decoded: DecodedArray = [];

  constructor(
    private readonly page: Uint8Array,
    private readonly size: number,
    private readonly decoder: ColumnDecoder,
  ) {}

  lookup(indices: ArrayLike<number>): DecodedArray {
    let largest = -1;
    for (let index = 0; index < indices.length; index++) largest = Math.max(largest, indices[index]!);
    if (largest >= this.size) throw new Error(`parquet dictionary index ${largest} is past the dictionary's ${this.size} values`);
    if (largest >= this.decoded.length) {
      const reader = { view: new DataView(this.page.buffer, this.page.byteOffset, this.page.byteLength), offset: 0 };
      this.decoded = readPlain(reader, this.decoder.type, largest + 1, this.decoder.element.type_length);
    }
    const raw = ArrayBuffer.isView(this.decoded)
      ? new (this.decoded.constructor as new (length: number) => DecodedArray)(indices.length)
      : new Array<unknown>(indices.length);
    for (let index = 0; index < indices.length; index++) (raw as unknown[])[index] = this.decoded[indices[index]!];
    return convert(raw, this.decoder);
  }
}

/**
 * The entries of a data page that belong to the first `wanted` rows it begins (all of it when
 * `whole`). `body` is the page after decompression: a v1 page's levels and values, a v2 page's
 * values (its levels come apart in `levels`).
 */
export function decodePageRows(
  body: Uint8Array,
  levels: V2Levels | null,
  header: PageHeader,
  decoder: ColumnDecoder,
  dictionary: Dictionary | undefined,
  shape: PageShape,
  wanted: number,
  whole: boolean,
): PageRows {
  const v1 = header.data_page_header;
  const v2 = header.data_page_header_v2;
  const page = (v2 ?? v1) as DataPageHeader | DataPageHeaderV2;
  const reader = readerOf(body);
  const limit = whole ? Infinity : wanted;
  // Repetition levels: v1 ones are prefixed by their length, v2 ones have it in the header.
  let entries: number;
  let repetitionLevels: number[] = [];
  let starts: number;
  let sawNextRow = false;
  if (shape.maxRepetition) {
    const rows = leadingRows(levels ? readerOf(levels.repetition) : reader, bitWidth(shape.maxRepetition), page.num_values, limit, levels?.repetition.length);
    ({ entries, starts } = rows);
    repetitionLevels = rows.levels;
    sawNextRow = rows.sawNextRow || starts > wanted;
  } else {
    entries = Math.min(page.num_values, limit);
    starts = entries;
  }
  let definitionLevels: number[] = [];
  let nulls = 0;
  if (shape.maxDefinition) {
    const width = bitWidth(shape.maxDefinition);
    definitionLevels = levels ? readHybrid(readerOf(levels.definition), width, entries, levels.definition.length) : readHybrid(reader, width, entries);
    for (const level of definitionLevels) if (level !== shape.maxDefinition) nulls++;
    if (nulls === 0) definitionLevels.length = 0;
  }
  const count = entries - nulls;
  const values = readValues(reader, page.encoding, count, entries === page.num_values, decoder, dictionary, Boolean(levels));
  return { definitionLevels, repetitionLevels, values, starts, sawNextRow };
}

/** Counts row starts (repetition level 0) in growing prefixes of the levels until the one after the wanted rows shows up. */
function leadingRows(reader: Reader, width: number, total: number, wanted: number, length: number | undefined) {
  const start = reader.offset;
  for (let taken = Math.min(total, wanted * 4 + 16); ; taken = Math.min(total, taken * 4)) {
    reader.offset = start;
    const levels = readHybrid(reader, width, taken, length);
    let starts = 0;
    for (let index = 0; index < taken; index++) {
      if (levels[index] === 0 && ++starts > wanted) {
        levels.length = index;
        return { entries: index, levels, starts: wanted, sawNextRow: true };
      }
    }
    if (taken === total) return { entries: total, levels, starts, sawNextRow: false };
  }
}

function readValues(
  reader: Reader,
  encoding: Encoding,
  count: number,
  wholePage: boolean,
  decoder: ColumnDecoder,
  dictionary: Dictionary | undefined,
  v2: boolean,
): DecodedArray {
  const { type, element } = decoder;
  switch (encoding) {
    case 'PLAIN':
      return convert(readPlain(reader, type, count, element.type_length), decoder);
    case 'PLAIN_DICTIONARY':
    case 'RLE_DICTIONARY': {
      const width = reader.view.getUint8(reader.offset++);
      const indices = width ? readHybrid(reader, width, count, reader.view.byteLength - reader.offset) : new Uint8Array(count);
      if (!dictionary) throw new Error('parquet dictionary-encoded page without a dictionary page');
      return dictionary.lookup(indices);
    }
    case 'RLE': {
      // Booleans (hyparquet reads a v2 page's RLE values as booleans too).
      if (type === 'BOOLEAN' || v2) {
        return convert(
          readHybrid(reader, 1, count).map((bit) => !!bit),
          decoder,
        );
      }
      const width = reader.view.getUint8(reader.offset++);
      if (!width) return convert(new Uint8Array(count), decoder);
      return convert(readHybrid(reader, width, count, reader.view.byteLength - reader.offset), decoder);
    }
    case 'DELTA_BINARY_PACKED': {
      const values = type === 'INT32' ? new Int32Array(count) : new BigInt64Array(count);
      if (count) deltaBinaryUnpack(reader, count, values);
      return convert(values, decoder);
    }
    case 'DELTA_LENGTH_BYTE_ARRAY': {
      const lengths = allLengths(reader, count);
      return convert(sliced(reader, lengths, count), decoder);
    }
    case 'DELTA_BYTE_ARRAY': {
      const prefixes = allLengths(reader, count);
      const suffixes = allLengths(reader, count);
      const values = sliced(reader, suffixes, count);
      for (let index = 0; index < count; index++) {
        const prefix = prefixes[index]!;
        if (!prefix) continue;
        const joined = new Uint8Array(prefix + values[index]!.length);
        joined.set(values[index - 1]!.subarray(0, prefix));
        joined.set(values[index]!, prefix);
        values[index] = joined;
      }
      return convert(values, decoder);
    }
    case 'BYTE_STREAM_SPLIT':
    case 'ALP':
      // A value's bytes are spread over the page (byte stream split) or in blocks of the page's count: the page is needed whole.
      if (!wholePage) throw new WholePageNeeded();
      return convert(encoding === 'ALP' ? alpDecode(reader, count, type) : byteStreamSplit(reader, count, type, element.type_length), decoder);
    default:
      throw new Error(`parquet unsupported encoding: ${encoding}`);
  }
}

/** A DELTA_BINARY_PACKED block of lengths, decoded whole (its header says how many it holds). */
function allLengths(reader: Reader, atLeast: number): Int32Array {
  const peek = { view: reader.view, offset: reader.offset };
  readVarInt(peek); // block size
  readVarInt(peek); // miniblocks per block
  const total = readVarInt(peek);
  if (total < atLeast) throw new Error(`parquet delta lengths hold ${total} values, fewer than the page's ${atLeast}`);
  const lengths = new Int32Array(total);
  deltaBinaryUnpack(reader, total, lengths);
  return lengths;
}

/** The next `count` byte arrays of the given lengths, as views of the page. */
function sliced(reader: Reader, lengths: Int32Array, count: number): Uint8Array[] {
  const values = new Array<Uint8Array>(count);
  for (let index = 0; index < count; index++) {
    values[index] = new Uint8Array(reader.view.buffer, reader.view.byteOffset + reader.offset, lengths[index]);
    reader.offset += lengths[index]!;
  }
  return values;
}

function readerOf(bytes: Uint8Array): Reader {
  return { view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: 0 };
}

function bitWidth(value: number): number {
  return 32 - Math.clz32(value);
}
