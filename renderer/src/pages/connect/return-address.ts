/**
 * Where the browser goes once the user answers, as the consent page names it: the host of a web
 * address (`127.0.0.1:33418`, `claude.ai`), or the scheme of an application's own address
 * (`vscode:`, `cursor:`), which the system hands to the application that registered it.
 */
export type ReturnAddress = { kind: 'web'; host: string; local: boolean } | { kind: 'app'; scheme: string };

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

export function returnAddressOf(redirectUri: string): ReturnAddress | null {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return null;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return { kind: 'web', host: url.host, local: LOOPBACK.test(url.hostname) };
  return { kind: 'app', scheme: url.protocol };
}

/** A link the page may show: only a web address, never `javascript:` or another scheme. */
export function webLink(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
