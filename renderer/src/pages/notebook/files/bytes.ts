const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** A size for people to read (1,024 bytes per KB, as file managers show). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
