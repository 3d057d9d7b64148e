/** The error codes of the interface (docs/errors.md). */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'PRECONDITION_FAILED',
  'PRECONDITION_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'PROPOSAL_RETRY_REQUIRED',
  'EDIT_SESSION_OWNED',
  'EDIT_SESSION_CHANGED',
  'EDIT_SESSION_RETIRING',
  'TAKEOVER_IN_PROGRESS',
  'FORBIDDEN',
  'VALIDATION_ERROR',
  'SYNC_NOT_CONFIGURED',
  'NOT_INITIALIZED',
  'SERVICE_UNAVAILABLE',
  'PYTHON_ENV_SETUP_FAILED',
  'RESOURCE_EXHAUSTED',
  'SURFACE_NOT_ENABLED',
  'SURFACE_UNAVAILABLE',
  'SURFACE_FORBIDDEN',
  'SURFACE_PRIMARY',
  'RUNTIME_SETUP_NOT_APPLICABLE',
  'SURFACE_UNSUPPORTED_PROVIDER',
  'SURFACE_OPEN_INVALID',
  'UNAUTHORIZED',
  'USER_SUSPENDED',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'NO_HTML_SNAPSHOT',
  'NO_RUN_OUTPUT',
  'INTERNAL_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldProblem {
  field: string;
  message: string;
}

/** A failure the API reports with one of the codes in docs/errors.md and a message safe to show. */
export class HubError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldProblem[],
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.name = 'HubError';
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
  readonly retryAfterSeconds: number | undefined;
}

export class NotInitializedError extends HubError {
  constructor(reason: string) {
    super('NOT_INITIALIZED', `the storage catalog is not usable (${reason}); catalog recovery is required: stop every writer and run "notebook-hub recover"`);
    this.name = 'NotInitializedError';
  }
}
