/** One reading of the built UI's folder. */
export interface UiBuild {
  /** `index.html`'s modification time when it was read. */
  indexMtimeMs: number;
  index: Buffer;
  /** `/assets/<relative path>` to its absolute file path. */
  assets: Map<string, string>;
}
