/**
 * Parquet's RLE / bit-packed hybrid encoding (levels, dictionary indices, booleans), decoded only
 * up to the values asked for. hyparquet's decoder writes every value of a run, even past the
 * output it is given: one run of 122,880 defined levels then costs a 122,880-entry array for a
 * preview of 100 rows. Here a run gives only the values wanted, a bit-packed run is read only as
 * far as they reach, and the reader ends where the encoded data ends, as hyparquet's does.
 */
import { readVarInt } from 'hyparquet/src/thrift.js';

export interface Reader {
  view: DataView;
  offset: number;
}

/**
 * The first `count` values of hybrid-encoded data of `width` bits per value. `length` is the data's
 * byte length; without it, the data starts with its length (4 bytes, little-endian), as levels in
 * a v1 page and booleans do.
 */
export function readHybrid(reader: Reader, width: number, count: number, length?: number): number[] {
  const { view } = reader;
  if (length === undefined) {
    length = view.getUint32(reader.offset, true);
    reader.offset += 4;
  }
  const start = reader.offset;
  const output = new Array<number>(count);
  const valueBytes = (width + 7) >> 3;
  let seen = 0;
  while (seen < count) {
    const header = readVarInt(reader);
    if (header & 1) {
      // Bit-packed: groups of eight values, `width` bits each, least significant bit first.
      const groups = header >>> 1;
      const take = Math.min(groups * 8, count - seen);
      let bit = reader.offset * 8;
      for (let index = 0; index < take; index++) {
        let value = 0;
        for (let done = 0; done < width;) {
          const shift = bit & 7;
          const bits = Math.min(8 - shift, width - done);
          value += ((view.getUint8(bit >>> 3) >>> shift) & ((1 << bits) - 1)) * 2 ** done;
          done += bits;
          bit += bits;
        }
        output[seen++] = value;
      }
      reader.offset += groups * width;
    } else {
      // A run: one value, repeated.
      const run = header >>> 1;
      let value = 0;
      for (let index = 0; index < valueBytes; index++) value += view.getUint8(reader.offset++) * 2 ** (8 * index);
      const take = Math.min(run, count - seen);
      output.fill(value, seen, seen + take);
      seen += take;
    }
  }
  reader.offset = start + length;
  return output;
}
