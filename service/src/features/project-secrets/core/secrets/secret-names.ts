/**
 * A project secret's name is the environment variable a notebook reads (docs/project-secrets.md):
 * upper case, digits and `_`, starting with a letter. Names the sandbox itself relies on (its
 * PATH, its Python, its locale, the hub's own variables) are refused: a secret must not change how
 * the sandbox runs.
 */
export const SECRET_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;

const RESERVED_NAMES = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'PWD',
  'OLDPWD',
  'TERM',
  'TMPDIR',
  'TMP',
  'TEMP',
  'LANG',
  'LANGUAGE',
  'TZ',
  'VIRTUAL_ENV',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'REQUESTS_CA_BUNDLE',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'AWS_WEB_IDENTITY_TOKEN_FILE',
  'AWS_ROLE_ARN',
  'AWS_ROLE_SESSION_NAME',
]);
const RESERVED_PREFIXES = ['LC_', 'LD_', 'DYLD_', 'XDG_', 'PYTHON', 'UV_', 'PIP_', 'MARIMO_', 'NOTEBOOK_HUB_'];

/** Whether the sandbox relies on this variable (case-insensitively: `path` would shadow nothing, but confuses). */
export function isReservedVariable(name: string): boolean {
  const upper = name.toUpperCase();
  return RESERVED_NAMES.has(upper) || RESERVED_PREFIXES.some((prefix) => upper.startsWith(prefix));
}

/** Why `name` cannot be a secret's name, or null. */
export function secretNameProblem(name: string): string | null {
  if (!SECRET_NAME.test(name)) return 'must be 1 to 64 upper-case letters, digits and _, starting with a letter (the environment variable a notebook reads)';
  if (isReservedVariable(name)) return `${name} is a variable the sandbox relies on; choose another name`;
  return null;
}
