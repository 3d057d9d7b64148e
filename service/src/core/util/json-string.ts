/**
 * A string as JSON: JSON.stringify's text (pino's too, for any string without lone surrogates).
 * JSON.stringify itself, called from optimized code, goes through the runtime every time, while
 * most strings in a line need no escaping at all.
 */
export function jsonString(text: string): string {
  if (text.length > 100) return JSON.stringify(text);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 32 || code === 34 || code === 92 || (code >= 0xd800 && code <= 0xdfff)) return JSON.stringify(text);
  }
  return `"${text}"`;
}
