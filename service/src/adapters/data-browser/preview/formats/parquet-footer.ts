/**
 * A Parquet file's metadata, parsed only as far as a preview needs: the schema, the row count and
 * the row groups that hold the rows shown. hyparquet turns every row group's metadata into
 * objects (each column's offsets, encodings, statistics), which for a file of a few hundred row
 * groups is most of a preview's time and for one of thousands all of it. Here the Thrift of the
 * row groups after the first ones is only stepped over (their row counts read on the way), the
 * list of row groups is written again with only the first ones, and hyparquet parses that.
 * Anything unexpected in the Thrift falls back to hyparquet's parse of the whole.
 */
import { parquetMetadata, type FileMetaData } from 'hyparquet';

const BOOLEAN_TRUE = 1;
const BOOLEAN_FALSE = 2;
const BYTE = 3;
const I16 = 4;
const I32 = 5;
const I64 = 6;
const DOUBLE = 7;
const BINARY = 8;
const LIST = 9;
const SET = 10;
const MAP = 11;
const STRUCT = 12;
/** Deeper Thrift than any Parquet footer holds is taken for a broken one. */
const DEEPEST = 32;

export interface LeadingMetadata {
  metadata: FileMetaData;
  /** Row groups in the file (the metadata holds only the first ones). */
  rowGroups: number;
}

/** The metadata of `footer` (the file's last bytes: metadata, its length, `PAR1`) with the row groups that hold the first `rowEnd` rows. */
export function leadingMetadata(footer: Uint8Array, rowEnd: number): LeadingMetadata {
  const view = new DataView(footer.buffer, footer.byteOffset, footer.byteLength);
  if (footer.length < 8 || view.getUint32(footer.length - 4, true) !== 0x31524150) throw new Error('parquet file invalid (footer != PAR1)');
  const length = view.getUint32(footer.length - 8, true);
  if (length > footer.length - 8) throw new Error(`parquet metadata length ${length} exceeds available buffer ${footer.length - 8}`);
  const start = footer.length - 8 - length;
  let kept: { listStart: number; groupsStart: number; groupsEnd: number; listEnd: number; count: number; total: number } | null = null;
  try {
    kept = rowGroupsToKeep(new Walker(view, start, footer.length - 8), rowEnd);
  } catch {
    // The whole parse below says what is wrong, in hyparquet's words.
  }
  if (!kept || kept.count === kept.total) {
    const metadata = parquetMetadata(footer.subarray(start));
    return { metadata, rowGroups: metadata.row_groups.length };
  }
  const header = listHeader(kept.count);
  const metadataLength = kept.listStart - start + header.length + (kept.groupsEnd - kept.groupsStart) + (footer.length - 8 - kept.listEnd);
  const shorter = new Uint8Array(metadataLength + 8);
  let at = 0;
  for (const part of [footer.subarray(start, kept.listStart), header, footer.subarray(kept.groupsStart, kept.groupsEnd), footer.subarray(kept.listEnd)]) {
    shorter.set(part, at);
    at += part.length;
  }
  new DataView(shorter.buffer).setUint32(metadataLength, metadataLength, true);
  return { metadata: parquetMetadata(shorter), rowGroups: kept.total };
}

/** Where FileMetaData's row groups (field 4) are, and how many of them hold the first `rowEnd` rows. */
function rowGroupsToKeep(walker: Walker, rowEnd: number) {
  let id = 0;
  for (;;) {
    const field = walker.fieldHeader(id);
    if (!field) return null;
    id = field.id;
    if (id !== 4) {
      walker.skip(field.type, 0);
      continue;
    }
    if (field.type !== LIST) return null;
    const listStart = walker.at;
    const { size, type } = walker.listHeader();
    if (type !== STRUCT) return null;
    const groupsStart = walker.at;
    let groupsEnd = groupsStart;
    let count = 0;
    let rows = 0;
    for (let index = 0; index < size; index++) {
      const groupRows = walker.rowGroupRows();
      // The first groups, up to the one holding row `rowEnd - 1`: a prefix of the list.
      if (count === index && rows < rowEnd) {
        count++;
        groupsEnd = walker.at;
      }
      rows += groupRows;
    }
    return { listStart, groupsStart, groupsEnd, listEnd: walker.at, count, total: size };
  }
}

/** The compact-protocol header of a list of `size` structs. */
function listHeader(size: number): Uint8Array {
  if (size < 15) return Uint8Array.of((size << 4) | STRUCT);
  const bytes = [0xf0 | STRUCT];
  for (let rest = size; ; rest >>>= 7) {
    if (rest < 0x80) {
      bytes.push(rest);
      break;
    }
    bytes.push((rest & 0x7f) | 0x80);
  }
  return Uint8Array.from(bytes);
}

/** Steps over Thrift compact-protocol values without making them. */
class Walker {
  constructor(
    private readonly view: DataView,
    public at: number,
    private readonly end: number,
  ) {}

  private byte(): number {
    if (this.at >= this.end) throw new Error('parquet metadata ends early');
    return this.view.getUint8(this.at++);
  }

  private varint(): number {
    let value = 0;
    for (let shift = 0; shift < 70; shift += 7) {
      const byte = this.byte();
      if (shift < 49) value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
    throw new Error('parquet metadata: a varint too long');
  }

  /** The next field of a struct (its id from the previous one's), or null at the struct's end. */
  fieldHeader(previous: number): { id: number; type: number } | null {
    const byte = this.byte();
    if (byte === 0) return null;
    const delta = byte >> 4;
    if (delta) return { id: previous + delta, type: byte & 0x0f };
    const zigzag = this.varint();
    return { id: zigzag % 2 ? -(zigzag + 1) / 2 : zigzag / 2, type: byte & 0x0f };
  }

  listHeader(): { size: number; type: number } {
    const byte = this.byte();
    const size = byte >> 4 === 15 ? this.varint() : byte >> 4;
    return { size, type: byte & 0x0f };
  }

  /** Steps over a RowGroup struct, answering its num_rows (field 3). */
  rowGroupRows(): number {
    let id = 0;
    let rows = 0;
    for (;;) {
      const field = this.fieldHeader(id);
      if (!field) return rows;
      id = field.id;
      if (id === 3 && field.type === I64) {
        const zigzag = this.varint();
        rows = zigzag % 2 ? -(zigzag + 1) / 2 : zigzag / 2;
      } else {
        this.skip(field.type, 1);
      }
    }
  }

  /** Steps over one value of `type` (a struct's field; in a list or map, a boolean takes a byte). */
  skip(type: number, depth: number, inCollection = false): void {
    if (depth > DEEPEST) throw new Error('parquet metadata nested too deeply');
    switch (type) {
      case BOOLEAN_TRUE:
      case BOOLEAN_FALSE:
        if (inCollection) this.byte();
        return;
      case BYTE:
        this.byte();
        return;
      case I16:
      case I32:
      case I64:
        this.varint();
        return;
      case DOUBLE:
        this.advance(8);
        return;
      case BINARY:
        this.advance(this.varint());
        return;
      case LIST:
      case SET: {
        const { size, type: element } = this.listHeader();
        for (let index = 0; index < size; index++) this.skip(element, depth + 1, true);
        return;
      }
      case MAP: {
        const size = this.varint();
        if (!size) return;
        const types = this.byte();
        for (let index = 0; index < size; index++) {
          this.skip(types >> 4, depth + 1, true);
          this.skip(types & 0x0f, depth + 1, true);
        }
        return;
      }
      case STRUCT: {
        let id = 0;
        for (let field = this.fieldHeader(id); field; field = this.fieldHeader(id)) {
          id = field.id;
          this.skip(field.type, depth + 1);
        }
        return;
      }
      default:
        throw new Error(`parquet metadata: unknown Thrift type ${type}`);
    }
  }

  private advance(bytes: number): void {
    if (this.at + bytes > this.end) throw new Error('parquet metadata ends early');
    this.at += bytes;
  }
}
