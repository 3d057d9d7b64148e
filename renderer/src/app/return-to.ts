/** A path on this hub to come back to after signing in; anything else becomes "/". */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/** The sign-in page's URL that returns to the given location afterwards. */
export function signInPath(returnTo: string): string {
  return returnTo === '/' ? '/sign-in' : `/sign-in?return_to=${encodeURIComponent(returnTo)}`;
}
