// Generated from docs/openapi.yaml by `npm run generate:api`; do not edit by hand.
export interface paths {
  '/api/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness; with deep=true (authenticated) runs the preflight checks */
    get: {
      parameters: {
        query?: {
          deep?: boolean;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              status: string;
              checks?: {
                name: string;
                /** @enum {unknown} */
                status: 'ok' | 'failed' | 'skipped';
                duration_ms: number;
                detail?: string;
              }[];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Default Response */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              status: string;
              checks: {
                name: string;
                /** @enum {unknown} */
                status: 'ok' | 'failed' | 'skipped';
                duration_ms: number;
                detail?: string;
              }[];
            };
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/version': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Deployment version, image, backends and start time */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['DeploymentInfo'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/capabilities': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What this deployment offers, and its limits */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Capabilities'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/doc': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The OpenAPI 3.1 document of this service (YAML) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The document */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/yaml': Record<string, never>;
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/methods': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** How to sign in to this hub */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['AuthMethods'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/local/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sign in with the local login link printed at start-up, then go to return_to */
    get: {
      parameters: {
        query: {
          token: string;
          return_to?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        303: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /** Sign in with the local login token */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            token: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Me'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** End this browser session; for OIDC logins, also visit end_session_url to end the provider's session */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                end_session_url: string | null;
              };
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Me'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/tokens': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your personal access tokens, newest first */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['TokenInfo'][];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /**
     * Create a personal access token (its value is shown once)
     * @description Not idempotent by design: replaying the response would mean storing the token value.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            name: string;
            expires_at?: string | null;
            scope?: components['schemas']['TokenScope'];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['CreatedToken'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/tokens/{token_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke one of your tokens */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          token_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/oauth/requests/{request_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An MCP client’s request to connect, as the consent page shows it */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          request_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['McpAuthorizationRequest'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/oauth/requests/{request_id}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Let the MCP client connect, with all or some of the scopes it asked for */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          request_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            scopes?: ('notebooks:read' | 'notebooks:write' | 'sessions')[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                /** @description Where the browser goes next: back to the client */
                redirect_to: string;
              };
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/oauth/requests/{request_id}/deny': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Turn the MCP client away */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          request_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                /** @description Where the browser goes next: back to the client */
                redirect_to: string;
              };
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/connected-clients': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The MCP clients connected to your account, newest first */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['McpConnectedClient'][];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/connected-clients/{client_connection_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Disconnect an MCP client: its tokens stop working at once */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          client_connection_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/users/resolve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Resolve one user by id or e-mail */
    get: {
      parameters: {
        query?: {
          id?: string;
          email?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ResolvedUser'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/users/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Users whose e-mail starts with q */
    get: {
      parameters: {
        query: {
          q: string;
          limit?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ResolvedUser'][];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** All users, newest first */
    get: {
      parameters: {
        query?: {
          /** @description Page size; larger values are capped at limits.max_page_size */
          limit?: number;
          /** @description A next_cursor from the previous page */
          cursor?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                items: components['schemas']['AdminUser'][];
                next_cursor: string | null;
              };
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/users/{user_id}/suspend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Suspend a user: every request of theirs answers USER_SUSPENDED */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          user_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['AdminUser'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/users/{user_id}/unsuspend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Lift a suspension */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          user_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['AdminUser'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/config': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The deployment configuration (secrets are only reported as set) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['DeploymentConfig'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Projects you can see, newest first
     * @description tag_namespace=team returns projects with a tag in that namespace (team:data, team:ops, ...).
     */
    get: {
      parameters: {
        query?: {
          /** @description Page size; larger values are capped at limits.max_page_size */
          limit?: number;
          /** @description A next_cursor from the previous page */
          cursor?: string;
          tag_namespace?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                items: components['schemas']['SnapshotProjectEntry'][];
                next_cursor: string | null;
              };
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /** Create a project (you become its admin) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            name: string;
            description?: string;
            tags?: string[];
            default_role?: ('manager' | 'editor' | 'viewer') | null;
            federation?: components['schemas']['ProjectFederation'] | null;
            security_labels?: components['schemas']['SecurityLabels'] | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Project'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A project */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Project'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a project: it disappears from every list and route */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Change a project; raising or lowering its security labels needs those actions too */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            name?: string;
            description?: string;
            tags?: string[];
            default_role?: ('manager' | 'editor' | 'viewer') | null;
            federation?: components['schemas']['ProjectFederation'] | null;
            security_labels?: components['schemas']['SecurityLabels'] | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Project'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/v1/projects/{pid}/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Members, the owner first as admin */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ProjectMember'][];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /** Add a member by user id, or invite one by e-mail */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            user_id?: string;
            email?: string;
            /** @enum {unknown} */
            role: 'manager' | 'editor' | 'viewer';
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ProjectMember'][];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/members/{member}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a member */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          /** @description A user id, or the e-mail of an invited member */
          member: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Change a member's role */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          /** @description A user id, or the e-mail of an invited member */
          member: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @enum {unknown} */
            role: 'manager' | 'editor' | 'viewer';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ProjectMember'][];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/v1/projects/{pid}/group-members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Identity-provider groups with a role in the project */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['GroupMember'][];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /** Give an identity-provider group a role */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            group: string;
            /** @enum {unknown} */
            role: 'manager' | 'editor' | 'viewer';
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['GroupMember'][];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/group-members/{group}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a group member */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          group: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Change a group's role */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          group: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @enum {unknown} */
            role: 'manager' | 'editor' | 'viewer';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['GroupMember'][];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A project's notebooks, newest first */
    get: {
      parameters: {
        query?: {
          /** @description Page size; larger values are capped at limits.max_page_size */
          limit?: number;
          /** @description A next_cursor from the previous page */
          cursor?: string;
          status?: 'draft' | 'active' | 'archived';
        };
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                items: components['schemas']['SnapshotNotebookEntry'][];
                next_cursor: string | null;
              };
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /** Create a notebook (blank, or from marimo source) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            title: string;
            description?: string;
            tags?: string[];
            /** @enum {unknown} */
            status?: 'draft' | 'active' | 'archived';
            compute_profile?: string | null;
            base_image?: string | null;
            security_labels?: components['schemas']['SecurityLabels'] | null;
            /** @description marimo source; a blank notebook when omitted */
            code?: string;
            /** @description the notebook file in its workspace; notebook.py by default */
            entry_file?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['NotebookDetail'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A notebook: metadata, README and source */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['NotebookDetail'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a notebook */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Change metadata; status, compute profile and base image need notebook.manage */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            title?: string;
            description?: string;
            tags?: string[];
            /** @enum {unknown} */
            status?: 'draft' | 'active' | 'archived';
            compute_profile?: string | null;
            base_image?: string | null;
            security_labels?: components['schemas']['SecurityLabels'] | null;
            /** @description Needs notebook.manage; a part left out keeps its value */
            integrations?: {
              /** @description `all` of the project's integrations, or these integration ids */
              use?: 'all' | string[];
              /** @description Whether app sessions receive the project's secrets and integrations (the notebook's choice, for every viewer of the app) */
              in_apps?: boolean;
            };
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['NotebookDetail'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/code': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The notebook's marimo source (the current version, or ?version=) */
    get: {
      parameters: {
        query?: {
          version?: string;
        };
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The marimo source; X-Notebook-Version names its version */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/x-python': string;
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/html': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The latest HTML snapshot of the notebook */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The HTML snapshot */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/html': string;
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/versions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Versions, newest first */
    get: {
      parameters: {
        query?: {
          /** @description Page size; larger values are capped at limits.max_page_size */
          limit?: number;
          /** @description A next_cursor from the previous page */
          cursor?: string;
        };
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                items: components['schemas']['NotebookVersion'][];
                next_cursor: string | null;
              };
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /**
     * Save code as a new version
     * @description base_version_id must be the current version; otherwise 409 CONFLICT and nothing is saved. While an edit session holds the notebook, 409 EDIT_SESSION_OWNED: save from the session instead; while that session is being saved and stopped, 409 EDIT_SESSION_RETIRING with Retry-After.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            code: string;
            base_version_id: string | null;
            message?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['NotebookVersion'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/versions/{vid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One version */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
          vid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['NotebookVersion'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/versions/{vid}/code': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A version's marimo source */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
          vid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The marimo source of the version */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/x-python': string;
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/versions/{vid}/restore': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Save an old version's code as the newest version */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
          vid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            base_version_id: string | null;
            message?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['NotebookVersion'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/workspace/access': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether the caller may change the workspace, and its protected paths */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['WorkspaceAccess'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/workspace/items': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A workspace folder's items: folders first, then files, each by name */
    get: {
      parameters: {
        query?: {
          /** @description A folder; the root when absent or empty */
          path?: string;
        };
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['WorkspaceItem'][];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a file or an empty folder; recursive=true deletes a folder with everything in it */
    delete: {
      parameters: {
        query: {
          /** @description The file or folder to delete */
          path: string;
          /** @description Required to delete a folder that is not empty */
          recursive?: boolean;
        };
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/workspace/files': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A workspace file's bytes
     * @description Content type from the file extension; ETag is the SHA-256 of the content. HTML, SVG, XML and unknown types are sent as attachments.
     */
    get: {
      parameters: {
        query: {
          /** @description A file in the workspace (relative, /-separated, NFC-normalized; no empty, . or .. segments, no backslash or control characters; at most 255 bytes per name, 1024 bytes and 32 levels) */
          path: string;
        };
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The file's bytes, typed by its extension */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            '*/*': string;
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    /**
     * Upload a file: the raw request body (any content type) becomes its content
     * @description Creates missing parent folders. 201 when the file is new, 200 when it replaced one. If-Match: "<etag>" replaces only that content; If-None-Match: * only creates. The stored type comes from the file extension, not from Content-Type. Bodies up to limits.max_request_bytes.
     */
    put: {
      parameters: {
        query: {
          /** @description A file in the workspace (relative, /-separated, NFC-normalized; no empty, . or .. segments, no backslash or control characters; at most 255 bytes per name, 1024 bytes and 32 levels) */
          path: string;
        };
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/octet-stream': string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['WorkspaceItem'];
            };
          };
        };
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['WorkspaceItem'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/workspace/archive': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A workspace folder (the root when path is absent) as a zip archive */
    get: {
      parameters: {
        query?: {
          /** @description A folder; the root when absent or empty */
          path?: string;
        };
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The folder as a zip archive */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/zip': string;
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/workspace/directories': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create a folder (and missing parents); 200 when it already existed */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description The folder to create (with missing parents) */
            path: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['WorkspaceItem'];
            };
          };
        };
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['WorkspaceItem'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/workspace/copy': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Copy a file or a folder with everything in it */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description The file or folder to copy or move */
            from: string;
            /** @description Its new path; must not exist (missing parents are created) */
            to: string;
            /** @description Replace an existing file at `to` (files only) */
            overwrite?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['WorkspaceItem'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/workspace/move': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Move or rename a file or a folder */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description The file or folder to copy or move */
            from: string;
            /** @description Its new path; must not exist (missing parents are created) */
            to: string;
            /** @description Replace an existing file at `to` (files only) */
            overwrite?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['WorkspaceItem'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebook-imports/{import_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An import: its notebooks and the state of each */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          import_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['NotebookImport'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebook-imports/{import_id}/notebooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create one notebook from an import, with the files around it as its workspace
     * @description The notebook's folder becomes the workspace root. A notebook is imported once (CONFLICT afterwards, naming the notebook created); GONE once the folder expired (24 hours after the upload).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          import_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description The notebook's path in the import (one of its notebooks[].path) */
            path: string;
            title?: string;
            description?: string;
            tags?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                notebook: components['schemas']['NotebookDetail'];
                import: components['schemas']['NotebookImport'];
              };
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/alerts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Alert destinations of a project, newest first */
    get: {
      parameters: {
        query?: {
          /** @description Page size; larger values are capped at limits.max_page_size */
          limit?: number;
          /** @description A next_cursor from the previous page */
          cursor?: string;
        };
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                items: components['schemas']['AlertDestination'][];
                next_cursor: string | null;
              };
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /**
     * Add an alert destination
     * @description At most capabilities.project_alerts.max_destinations per project (RESOURCE_EXHAUSTED beyond). See docs/alerts.md for payloads and signatures.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      /** @description slack needs webhook_url; webhook needs url and signing_secret */
      requestBody: {
        content: {
          'application/json': {
            /** @enum {unknown} */
            type: 'slack' | 'webhook';
            name: string;
            /** @description Alert kinds to deliver (capabilities.project_alerts.selectable_kinds); values this hub does not know are kept and read back as unknown */
            kinds: string[];
            /** @description Default true; a disabled destination receives nothing */
            enabled?: boolean;
            /** @description slack: the incoming-webhook URL (https). Write-only. */
            webhook_url?: string;
            /** @description webhook: the receiver URL (https). Write-only. */
            url?: string;
            /** @description webhook: the key of the X-Hub-Signature HMAC. Write-only. */
            signing_secret?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['AlertDestination'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The project has capabilities.project_alerts.max_destinations destinations (RESOURCE_EXHAUSTED) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/alerts/{alert_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An alert destination */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          alert_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['AlertDestination'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete an alert destination */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          alert_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Change an alert destination */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          alert_id: string;
        };
        cookie?: never;
      };
      /** @description A new URL or signing secret clears verified_at; the type cannot change */
      requestBody: {
        content: {
          'application/json': {
            name?: string;
            /** @description Alert kinds to deliver (capabilities.project_alerts.selectable_kinds); values this hub does not know are kept and read back as unknown */
            kinds?: string[];
            /** @description Default true; a disabled destination receives nothing */
            enabled?: boolean;
            /** @description slack: the incoming-webhook URL (https). Write-only. */
            webhook_url?: string;
            /** @description webhook: the receiver URL (https). Write-only. */
            url?: string;
            /** @description webhook: the key of the X-Hub-Signature HMAC. Write-only. */
            signing_secret?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['AlertDestination'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/v1/projects/{pid}/alerts/{alert_id}/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test delivery and, when the destination accepts it, set verified_at
     * @description Waits for the answer (one attempt, no retries). A destination that refuses the test (4xx, redirect, forbidden address) answers BAD_REQUEST; one that cannot be reached, times out or fails (5xx, 408, 429) answers SERVICE_UNAVAILABLE. verified_at is unchanged on failure.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          alert_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['AlertDestination'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/jobs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A notebook's jobs, newest first */
    get: {
      parameters: {
        query?: {
          /** @description Page size; larger values are capped at limits.max_page_size */
          limit?: number;
          /** @description A next_cursor from the previous page */
          cursor?: string;
        };
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                items: components['schemas']['Job'][];
                next_cursor: string | null;
              };
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /**
     * Create a job
     * @description At most capabilities.jobs.max_per_notebook jobs per notebook (RESOURCE_EXHAUSTED beyond). A schedule counts from now: no run fires for earlier times.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            name: string;
            schedule?: {
              /** @description Five fields (minute hour day-of-month month day-of-week), or six with seconds first */
              cron: string;
              /** @description IANA time zone the schedule is read in, e.g. Europe/Berlin or UTC */
              time_zone: string;
            } | null;
            /** @description Whether people may run it now besides its schedule (default true; a job without schedule must allow it) */
            on_demand?: boolean;
            /** @description Command-line arguments the notebook receives (marimo's mo.cli_args()), e.g. ["--day", "monday"] */
            parameters?: string[];
            timeout_seconds?: number | null;
            compute_profile?: string | null;
            version_id?: string | null;
            /** @description A disabled job neither fires nor runs on demand. Whoever switches a job on becomes its owner: its scheduled runs rely on their role */
            enabled?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Job'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The notebook has capabilities.jobs.max_per_notebook jobs (RESOURCE_EXHAUSTED) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/jobs/{jid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A job */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
          jid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Job'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /**
     * Delete a job
     * @description Its queued and running runs are cancelled; its run history is deleted by the next retention pass.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
          jid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a job
     * @description A changed schedule, or a job enabled again, counts from now.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
          jid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            name?: string;
            schedule?: {
              /** @description Five fields (minute hour day-of-month month day-of-week), or six with seconds first */
              cron: string;
              /** @description IANA time zone the schedule is read in, e.g. Europe/Berlin or UTC */
              time_zone: string;
            } | null;
            /** @description Whether people may run it now besides its schedule (default true; a job without schedule must allow it) */
            on_demand?: boolean;
            /** @description Command-line arguments the notebook receives (marimo's mo.cli_args()), e.g. ["--day", "monday"] */
            parameters?: string[];
            timeout_seconds?: number | null;
            compute_profile?: string | null;
            version_id?: string | null;
            /** @description A disabled job neither fires nor runs on demand. Whoever switches a job on becomes its owner: its scheduled runs rely on their role */
            enabled?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Job'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/jobs/{jid}/runs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A job's runs, newest first */
    get: {
      parameters: {
        query?: {
          /** @description Page size; larger values are capped at limits.max_page_size */
          limit?: number;
          /** @description A next_cursor from the previous page */
          cursor?: string;
        };
        header?: never;
        path: {
          pid: string;
          nid: string;
          jid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                items: components['schemas']['JobRun'][];
                next_cursor: string | null;
              };
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /**
     * Run a job now
     * @description Queues a run; the scheduler starts it when a slot is free. At most capabilities.jobs.max_queued_runs_per_job queued runs per job (RESOURCE_EXHAUSTED beyond). CONFLICT when the job is disabled or runs on its schedule only.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
          jid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description This run's arguments instead of the job's */
            parameters?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['JobRun'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The job is disabled, or runs on its schedule only (CONFLICT) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The queue is full (RESOURCE_EXHAUSTED) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/jobs/{jid}/runs/{rid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A run */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
          jid: string;
          rid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['JobRun'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/jobs/{jid}/runs/{rid}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a run
     * @description A queued run leaves the queue; a running run's sandbox is destroyed. CONFLICT when the run has ended already.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
          jid: string;
          rid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['JobRun'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The run has ended (CONFLICT) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/jobs/{jid}/runs/{rid}/output': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The run's HTML output
     * @description NO_RUN_OUTPUT (404) while the run has none: not finished yet, or it failed before marimo rendered the notebook.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
          jid: string;
          rid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The notebook rendered as HTML by the run */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/html': string;
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such run, or no output (NO_RUN_OUTPUT) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/jobs/{jid}/runs/{rid}/logs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The run's log
     * @description The hub's steps and what the notebook printed; readable while the run goes on (it grows every couple of seconds).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
          jid: string;
          rid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The log as plain text */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/plain': string;
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/git-providers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The Git providers this hub recognises, and where their repositories are on the web (none while Git is off) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['GitProvider'][];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/git-notebooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create a notebook synced from a Git repository, and sync it once */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            title: string;
            description?: string;
            tags?: string[];
            /** @enum {unknown} */
            status?: 'draft' | 'active' | 'archived';
            /** @description owner/repo on a provider (GitHub unless provider says gitlab), or an https URL of any repository */
            repo: string;
            provider?: ('github' | 'gitlab') | null;
            branch: string;
            /** @description The folder of the repository synced into the workspace; empty for all of it */
            root_path?: string;
            /** @description The notebook file, relative to root_path */
            entry_notebook: string;
            /**
             * @description pull (default): the hub syncs; push: the repository calls sync_url with sync_token
             * @enum {unknown}
             */
            sync_mode?: 'pull' | 'push';
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['GitNotebookCreateResult'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/source': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Change where a Git notebook reads from (applied by the next sync) or its sync mode */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      /** @description repo, branch, root_path and entry_notebook wait in pending_config until a sync applies them; sync_mode applies at once */
      requestBody: {
        content: {
          'application/json': {
            repo?: string;
            provider?: ('github' | 'gitlab') | null;
            branch?: string;
            root_path?: string;
            entry_notebook?: string;
            /** @enum {unknown} */
            sync_mode?: 'pull' | 'push';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['NotebookDetail'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/source/sync': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sync the notebook with its branch now */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['SourceSyncResult'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/source/sync-token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Rotate a push-mode notebook's sync token (the old one stops working at once) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['SyncToken'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/change-requests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The change requests published from the notebook, newest first (at most 100) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ChangeRequest'][];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /** Publish the notebook's code (a version, or an edit session's) as a branch and a pull or merge request */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      /** @description Exactly one of version_id and session_id */
      requestBody: {
        content: {
          'application/json': {
            title: string;
            description?: string;
            /** @description Publish this version of the notebook */
            version_id?: string;
            /** @description Or: publish a running edit session's notebook as it is now */
            session_id?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ChangeRequest'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/source/drift': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The synced commit beside the branch's head */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['SourceDrift'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/source/sync-health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** How the notebook's syncs have gone lately: since when they fail, and why */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['SourceSyncHealth'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/source/refs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The repository's branches (the notebook's own first) and its branch's newest commits */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['SourceRefs'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/git-sync/{pid}/{nid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A push-mode notebook's sync URL: called by the repository's CI with `Authorization: Bearer <sync_token>` */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['SourceSyncResult'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/git-credentials': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The project's Git credentials (whether each token is set, and the host and repositories they are sent to) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['GitCredentials'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    /**
     * Set the project's Git credentials (write-only: tokens are never returned)
     * @description The credentials are bound to one Git host and the repositories listed in repositories, and sent with no other call: a Git notebook of another repository reads it without them. A token with no repositories to go with answers VALIDATION_ERROR.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description The user name sent with the tokens (x-access-token when never set) */
            username?: string;
            read_token?: string | null;
            write_token?: string | null;
            provider?: ('github' | 'gitlab') | null;
            /** @description The repositories the credentials may be sent with, all on one host: owner/repo, owner/* or * on the provider, or the https URL of one of those on another Git server. Needed while a token is set; the credentials are sent nowhere else. */
            repositories?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['GitCredentials'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    post?: never;
    /** Remove the project's Git credentials */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/previews': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A Git notebook's previews, newest first
     * @description A notebook not synced from Git, or Git turned off, answers 409 SYNC_NOT_CONFIGURED.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page size; larger values are capped at limits.max_page_size */
          limit?: number;
          /** @description A next_cursor from the previous page */
          cursor?: string;
        };
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                items: components['schemas']['Preview'][];
                next_cursor: string | null;
              };
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /**
     * Preview a branch, a commit or an open change request of a Git notebook
     * @description Answers 201 with the preview, pending until the preview_preparation loop (or a session start) prepares it. A branch or change request the repository does not have answers 422 VALIDATION_ERROR. A notebook not synced from Git, or Git turned off, answers 409 SYNC_NOT_CONFIGURED.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      /** @description Exactly one of branch, commit and change_request */
      requestBody: {
        content: {
          'application/json': {
            /** @description A branch of the repository; the preview follows its head */
            branch?: string;
            /** @description A full commit id */
            commit?: string;
            /** @description An open GitHub pull request or GitLab merge request by number (refs/pull/N/head, refs/merge-requests/N/head); the preview follows its head */
            change_request?: number;
            /** @description Defaults to "Branch <name>", "Commit <id>", "Pull request #N" or "Merge request !N" */
            title?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Preview'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/previews/{preview_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A preview */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
          preview_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Preview'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /**
     * Delete a preview and its prepared files
     * @description Preview sessions already running keep running with their files until they stop.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
          preview_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/previews/{preview_id}/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start a preview session: the preview as an app, or in the editor
     * @description Answers 201 with a new session (state provisioning; a preview that is not ready is prepared in its files phase) or 200 with the preview's live app. A preview session never saves into the notebook's versions or workspace, and takes no editor claim.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
          preview_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * @description app: run it as an app (whoever may open apps); edit: open it in the editor (editors); never saved
             * @enum {unknown}
             */
            mode: 'app' | 'edit';
            /** @description Answer once the session is running or has failed (up to the start-up timeout) */
            wait?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Session'];
            };
          };
        };
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Session'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/federation/trust-policies': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Example trust policies for the project’s workload identity, filled in with the issuer, its target and its subjects
     * @description For whoever may change the project (project.update). NOT_FOUND where SERVICE_FEDERATION=off; CONFLICT while the project has no federation target; SERVICE_UNAVAILABLE where the hub has no usable issuer address.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['TrustPolicies'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The project has no federation target (CONFLICT) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The hub has no usable workload identity issuer address (SERVICE_UNAVAILABLE) */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/secrets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The project’s secrets, by name (a plain array; a project has at most 200) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ProjectSecret'][];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /**
     * Add a secret: a value the hub stores sealed, or a reference to where the hub reads it
     * @description Answers the secret with its ETag. A name the project has already is CONFLICT; more than 200 secrets RESOURCE_EXHAUSTED. Writes secret.create.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      /** @description A reference is read once when written: one the hub cannot read is refused (VALIDATION_ERROR, saying why) */
      requestBody: {
        content: {
          'application/json':
            | {
                /** @description The environment variable a notebook reads */
                name: string;
                description?: string;
                /** @enum {string} */
                source: 'stored';
                /** @description The value (at most 32768 bytes of UTF-8). Write-only: stored sealed, never returned. */
                value: string;
              }
            | {
                /** @description The environment variable a notebook reads */
                name: string;
                description?: string;
                /** @enum {string} */
                source: 'environment';
                /** @description A variable of the hub’s environment */
                variable: string;
              }
            | {
                /** @description The environment variable a notebook reads */
                name: string;
                description?: string;
                /** @enum {string} */
                source: 'file';
                /** @description An absolute path on the hub */
                path: string;
              }
            | {
                /** @description The environment variable a notebook reads */
                name: string;
                description?: string;
                /** @enum {string} */
                source: 'kubernetes_secret';
                /** @description A Secret in the hub’s namespace */
                secret: string;
                key: string;
              };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ProjectSecret'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The project has 200 secrets (RESOURCE_EXHAUSTED) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/secrets/{name}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A secret, with its ETag (send it as If-Match to change it) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          name: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ProjectSecret'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    /**
     * Replace a secret’s source (and description), based on the version read
     * @description If-Match is required: without it 428 PRECONDITION_REQUIRED; when the secret changed since it was read 412 PRECONDITION_FAILED (read it again and retry). Writes secret.update.
     */
    put: {
      parameters: {
        query?: never;
        header?: {
          /** @description The ETag of the secret as read (or *): required (428 PRECONDITION_REQUIRED without it); 412 PRECONDITION_FAILED when the secret changed since */
          'if-match'?: string;
        };
        path: {
          pid: string;
          name: string;
        };
        cookie?: never;
      };
      /** @description The whole secret but its name; a stored value left out keeps the one stored */
      requestBody: {
        content: {
          'application/json':
            | {
                description?: string;
                /** @enum {string} */
                source: 'stored';
                /** @description The value (at most 32768 bytes of UTF-8). Write-only: stored sealed, never returned. */
                value?: string;
              }
            | {
                description?: string;
                /** @enum {string} */
                source: 'environment';
                /** @description A variable of the hub’s environment */
                variable: string;
              }
            | {
                description?: string;
                /** @enum {string} */
                source: 'file';
                /** @description An absolute path on the hub */
                path: string;
              }
            | {
                description?: string;
                /** @enum {string} */
                source: 'kubernetes_secret';
                /** @description A Secret in the hub’s namespace */
                secret: string;
                key: string;
              };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ProjectSecret'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The secret changed since it was read */
        412: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No If-Match */
        428: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    post?: never;
    /**
     * Delete a secret
     * @description With If-Match, only the version read (412 PRECONDITION_FAILED otherwise). Writes secret.delete.
     */
    delete: {
      parameters: {
        query?: never;
        header?: {
          /** @description The ETag of the secret as read (or *): the delete happens only if it did not change since (412 PRECONDITION_FAILED otherwise) */
          'if-match'?: string;
        };
        path: {
          pid: string;
          name: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The secret changed since it was read */
        412: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/secrets/{name}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Check that the hub can read the secret now
     * @description A stored value must open with the hub’s key; a reference must resolve (the variable is set, the file readable, the Secret has the key). The message says what failed, never the value.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          name: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['SecretCheck'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/versions/{vid}/environment': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A version's environment: its lock's status, identity and packages
     * @description Where locked environments are on, a version's PEP 723 dependencies are resolved once when it is saved; a resolution that fails says why here (error), not at the next start.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
          vid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['VersionEnvironment'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/environments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The cache of built environments: its size, hit rate, environments and the notebooks locked to them
     * @description Super admins only. The hit rate counts the starts of this hub process; the notebooks of each environment come from the version locks (at most 5000 read per call).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['EnvironmentCacheOverview'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/versions/{vid}/environment/lock': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A version's lock
     * @description The requirements file uv wrote, every package pinned with the hashes of its files. NOT_FOUND (404) while the version has no lock.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
          vid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The lock, a requirements file */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/plain': string;
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebooks/{nid}/environment/update': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Update dependencies: re-resolve the current version's block against the package index now, and save it as a new version with that lock
     * @description The new version has the same code and a fresh lock (201); earlier versions keep theirs, so their sessions and job runs keep their packages. 200 with updated false when the index gives the lock the current version has: nothing is saved. uv's reason when it cannot resolve the block is 422 PYTHON_ENV_SETUP_FAILED, and nothing is saved. 409 CONFLICT when base_version_id is not the current version, when the version declares no dependencies a lock carries or locked environments are off; 409 EDIT_SESSION_OWNED while an edit session holds the notebook.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          nid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description The current version, whose dependencies are re-resolved: otherwise 409 CONFLICT and nothing is saved */
            base_version_id: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['DependencyUpdate'];
            };
          };
        };
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['DependencyUpdate'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/debug/sandbox-startup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start a temporary sandbox, time its phases, and destroy it
     * @description One active run per admin: a second concurrent request answers 429 RESOURCE_EXHAUSTED.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            image?: string;
            compute_profile?: string;
            environment_setup_benchmark?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['SandboxStartupReport'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A diagnostic of yours is already running (RESOURCE_EXHAUSTED) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/runtime/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Sessions that may still hold a sandbox, across every project, newest first
     * @description Live sessions and sessions that are over but whose sandbox is not yet released. Edit rows say whether a reclaim would be refused for a cause that needs no sandbox call.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page size; larger values are capped at limits.max_page_size */
          limit?: number;
          /** @description A next_cursor from the previous page */
          cursor?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                items: components['schemas']['RuntimeSession'][];
                next_cursor: string | null;
              };
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/runtime/projects/{pid}/sessions/{sid}/reclaim': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reclaim a session that is over: save its notebook (unless save=false), destroy its sandbox, free its notebook
     * @description Refused with 409 CONFLICT (not_terminal, provision_grace, teardown_grace, kernel_active, attachment_unsupported) or 503 SERVICE_UNAVAILABLE with Retry-After (attachment_failed, kernel_unreachable, destroy_failed, timeout); the message names the cause. A session already reclaimed answers saved=false.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          sid: string;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            /**
             * @description Save the notebook from the sandbox as a new version first
             * @default true
             */
            save?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ReclaimResult'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/runtime-setup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Where the set-up of the notebook runtime stands: state, progress while it is being built, and the last build's log
     * @description Any signed-in user; the cause in `detail` and `log_tail` only for super admins.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['RuntimeSetupStatus'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /**
     * Build the notebook runtime (again, with rebuild) in the background
     * @description Answers 202 with the status once the build is under way; a build already running (a session start needing the runtime, another request) is joined, not restarted. Audited as runtime.setup_requested.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            /**
             * @description Build again even when the runtime looks current (a repair)
             * @default false
             */
            rebuild?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['RuntimeSetupStatus'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The sandbox driver has no runtime to set up (RUNTIME_SETUP_NOT_APPLICABLE) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A project's sessions, newest first */
    get: {
      parameters: {
        query?: {
          /** @description Page size; larger values are capped at limits.max_page_size */
          limit?: number;
          /** @description A next_cursor from the previous page */
          cursor?: string;
        };
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                items: components['schemas']['SessionListEntry'][];
                next_cursor: string | null;
              };
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /**
     * Start a session on a notebook, or get the live one that fits
     * @description Answers 201 with a new session (state provisioning, phase shows progress) or 200 with a live session that is reused. An edit session of another editor answers 409 EDIT_SESSION_OWNED unless takeover_from names it; while the notebook's previous edit session is being saved and stopped, 409 EDIT_SESSION_RETIRING with Retry-After. Beyond SERVICE_MAX_SESSIONS_PER_USER or max_apps_per_project: 429 RESOURCE_EXHAUSTED.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            notebook_id: string;
            /** @enum {unknown} */
            mode: 'edit' | 'app';
            /** @description Take the notebook over from this edit session (managers, or the notebook author) */
            takeover_from?: string;
            /** @description Answer once the session is running or has failed (up to the start-up timeout) */
            wait?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Session'];
            };
          };
        };
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Session'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Beyond SERVICE_MAX_SESSIONS_PER_USER or max_apps_per_project (RESOURCE_EXHAUSTED) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your live sessions in every project you can read, newest first */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['MySessionEntry'][];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/sessions/{sid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A session */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          sid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Session'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/sessions/{sid}/heartbeat': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Keep a session from going idle; connected=true says an editor is there */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          sid: string;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            connected?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Session'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/sessions/{sid}/stop': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Stop a session (edit sessions save first unless save=false) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          sid: string;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            /** @default true */
            save?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Session'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/sessions/{sid}/save': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Save the edit session's notebook as a new version (nothing when unchanged) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          sid: string;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            message?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                saved: boolean;
                version: components['schemas']['NotebookVersion'] | null;
              };
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/sessions/{sid}/surfaces': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An edit session's surfaces and their states */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          sid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['SessionSurface'][];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Only the editor holding this edit session opens its surfaces (SURFACE_FORBIDDEN) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/sessions/{sid}/surfaces/{surface}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One surface of an edit session */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          sid: string;
          surface: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['SessionSurface'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description A path outside the workspace (SURFACE_OPEN_INVALID), or a driver that hosts no surfaces (SURFACE_UNSUPPORTED_PROVIDER) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Only the editor holding this edit session opens its surfaces (SURFACE_FORBIDDEN) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such session, or the surface is not enabled here (SURFACE_NOT_ENABLED) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The session is not running, or the name is the primary process (SURFACE_PRIMARY) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /**
     * Open a surface: start it if needed; answers once it runs (or at once with wait=false)
     * @description With wait=false the answer comes at once: state starting (detail shows progress) and url null until it runs; ask again to get the url. A path outside the workspace, or a path for OpenCode, answers 400 SURFACE_OPEN_INVALID. A surface that cannot run answers 503 SURFACE_UNAVAILABLE with the reason (its binary is missing from the sandbox, or it exited: with the end of its output); a sandbox driver that hosts no surfaces answers 400 SURFACE_UNSUPPORTED_PROVIDER.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          sid: string;
          surface: string;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            /** @description Answer once it runs (default true) */
            wait?: boolean;
            /** @description A workspace file for VS Code to open, relative to the workspace */
            path?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['OpenedSurface'];
            };
          };
        };
        /** @description A path outside the workspace (SURFACE_OPEN_INVALID), or a driver that hosts no surfaces (SURFACE_UNSUPPORTED_PROVIDER) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Only the editor holding this edit session opens its surfaces (SURFACE_FORBIDDEN) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such session, or the surface is not enabled here (SURFACE_NOT_ENABLED) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The session is not running, or the name is the primary process (SURFACE_PRIMARY) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The surface could not start (SURFACE_UNAVAILABLE) */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    /** Stop a surface; the session keeps running */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          sid: string;
          surface: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['SessionSurface'];
            };
          };
        };
        /** @description A path outside the workspace (SURFACE_OPEN_INVALID), or a driver that hosts no surfaces (SURFACE_UNSUPPORTED_PROVIDER) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Only the editor holding this edit session opens its surfaces (SURFACE_FORBIDDEN) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No such session, or the surface is not enabled here (SURFACE_NOT_ENABLED) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The session is not running, or the name is the primary process (SURFACE_PRIMARY) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/integration-kinds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The kinds of integration this hub knows, with their fields and the secret sources they accept here */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['IntegrationKind'][];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/integrations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Integrations of a project, newest first */
    get: {
      parameters: {
        query?: {
          /** @description Page size; larger values are capped at limits.max_page_size */
          limit?: number;
          /** @description A next_cursor from the previous page */
          cursor?: string;
        };
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                items: components['schemas']['Integration'][];
                next_cursor: string | null;
              };
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /**
     * Add an integration to a project, or copy an organization's into it
     * @description Secret fields are given in `secrets`, each with its source; a reference (environment, file, kubernetes_secret) is read now and refused with a message saying what is missing. Answers the integration with its ETag.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      /** @description A new integration (kind and name needed), or a copy of an organization integration (copy_from) */
      requestBody: {
        content: {
          'application/json': {
            kind?: string;
            name?: string;
            /** @description Default: derived from the name (Analytics DB → ANALYTICS_DB) */
            env_prefix?: string;
            description?: string;
            /** @description Non-secret fields of the kind; missing ones take the kind's default */
            config?: {
              [key: string]: string | number | boolean;
            };
            /** @description Secret fields of the kind, each with its source */
            secrets?: {
              [key: string]:
                | {
                    /** @enum {string} */
                    source: 'stored';
                    /** @description Write-only: stored sealed, never shown */
                    value: string;
                  }
                | {
                    /** @enum {string} */
                    source: 'environment';
                    variable: string;
                  }
                | {
                    /** @enum {string} */
                    source: 'file';
                    path: string;
                  }
                | {
                    /** @enum {string} */
                    source: 'kubernetes_secret';
                    secret: string;
                    key: string;
                  };
            };
            /** @description An organization integration to copy (with kind, config and secrets); name and env_prefix may be given */
            copy_from?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            /** @description Send it as If-Match to change or delete this integration */
            etag?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Integration'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The scope has an integration with this name or variable prefix (CONFLICT) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The scope has SERVICE_INTEGRATIONS_MAX_PER_SCOPE integrations (RESOURCE_EXHAUSTED) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/integrations/{iid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An integration of a project, with its ETag */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          iid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Send it as If-Match to change or delete this integration */
            etag?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Integration'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    /**
     * Replace the configuration of an integration of a project
     * @description If-Match must carry the ETag the integration was read with: without it the answer is 428 PRECONDITION_REQUIRED, with another 412 PRECONDITION_FAILED (someone else saved since: read it again and re-apply). A secret field left out of `secrets` keeps its source; null removes it. Each change is a new version.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          iid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description Cannot change; may be sent as read */
            kind?: string;
            name: string;
            /** @description Left out: unchanged */
            env_prefix?: string;
            /** @description Left out: '' */
            description?: string;
            /** @description Non-secret fields of the kind; missing ones take the kind's default */
            config: {
              [key: string]: string | number | boolean;
            };
            /** @description A secret field left out keeps its source; null removes it */
            secrets?: {
              [key: string]:
                | (
                    | {
                        /** @enum {string} */
                        source: 'stored';
                        /** @description Write-only: stored sealed, never shown */
                        value: string;
                      }
                    | {
                        /** @enum {string} */
                        source: 'environment';
                        variable: string;
                      }
                    | {
                        /** @enum {string} */
                        source: 'file';
                        path: string;
                      }
                    | {
                        /** @enum {string} */
                        source: 'kubernetes_secret';
                        secret: string;
                        key: string;
                      }
                  )
                | null;
            };
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Send it as If-Match to change or delete this integration */
            etag?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Integration'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The scope has an integration with this name or variable prefix (CONFLICT) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description If-Match is not the current ETag (PRECONDITION_FAILED) */
        412: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description If-Match is missing (PRECONDITION_REQUIRED) */
        428: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The scope has SERVICE_INTEGRATIONS_MAX_PER_SCOPE integrations (RESOURCE_EXHAUSTED) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    post?: never;
    /**
     * Delete an integration of a project and its versions
     * @description With If-Match, only when the integration is still the one read (412 PRECONDITION_FAILED otherwise).
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          iid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description If-Match is not the current ETag (PRECONDITION_FAILED) */
        412: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/integrations/{iid}/versions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The versions of an integration of a project, newest first */
    get: {
      parameters: {
        query?: {
          /** @description Page size; larger values are capped at limits.max_page_size */
          limit?: number;
          /** @description A next_cursor from the previous page */
          cursor?: string;
        };
        header?: never;
        path: {
          pid: string;
          iid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                items: components['schemas']['IntegrationVersion'][];
                next_cursor: string | null;
              };
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/integrations/{iid}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Try the connection of an integration of a project
     * @description One attempt with the saved configuration, within SERVICE_INTEGRATIONS_TEST_TIMEOUT_SECONDS, under the outbound-request policy (docs/outbound-requests.md). A failed connection is an answer too (ok: false), its message saying what failed without any secret.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          iid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ConnectionTestResult'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/integrations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Integrations of the organization, newest first */
    get: {
      parameters: {
        query?: {
          /** @description Page size; larger values are capped at limits.max_page_size */
          limit?: number;
          /** @description A next_cursor from the previous page */
          cursor?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                items: components['schemas']['Integration'][];
                next_cursor: string | null;
              };
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    /**
     * Add an organization integration
     * @description Secret fields are given in `secrets`, each with its source; a reference (environment, file, kubernetes_secret) is read now and refused with a message saying what is missing. Answers the integration with its ETag.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            kind: string;
            name: string;
            /** @description Default: derived from the name (Analytics DB → ANALYTICS_DB) */
            env_prefix?: string;
            description?: string;
            /** @description Non-secret fields of the kind; missing ones take the kind's default */
            config?: {
              [key: string]: string | number | boolean;
            };
            /** @description Secret fields of the kind, each with its source */
            secrets?: {
              [key: string]:
                | {
                    /** @enum {string} */
                    source: 'stored';
                    /** @description Write-only: stored sealed, never shown */
                    value: string;
                  }
                | {
                    /** @enum {string} */
                    source: 'environment';
                    variable: string;
                  }
                | {
                    /** @enum {string} */
                    source: 'file';
                    path: string;
                  }
                | {
                    /** @enum {string} */
                    source: 'kubernetes_secret';
                    secret: string;
                    key: string;
                  };
            };
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            /** @description Send it as If-Match to change or delete this integration */
            etag?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Integration'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The scope has an integration with this name or variable prefix (CONFLICT) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The scope has SERVICE_INTEGRATIONS_MAX_PER_SCOPE integrations (RESOURCE_EXHAUSTED) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/integrations/{iid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An integration of the organization, with its ETag */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          iid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Send it as If-Match to change or delete this integration */
            etag?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Integration'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    /**
     * Replace the configuration of an integration of the organization
     * @description If-Match must carry the ETag the integration was read with: without it the answer is 428 PRECONDITION_REQUIRED, with another 412 PRECONDITION_FAILED (someone else saved since: read it again and re-apply). A secret field left out of `secrets` keeps its source; null removes it. Each change is a new version.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          iid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description Cannot change; may be sent as read */
            kind?: string;
            name: string;
            /** @description Left out: unchanged */
            env_prefix?: string;
            /** @description Left out: '' */
            description?: string;
            /** @description Non-secret fields of the kind; missing ones take the kind's default */
            config: {
              [key: string]: string | number | boolean;
            };
            /** @description A secret field left out keeps its source; null removes it */
            secrets?: {
              [key: string]:
                | (
                    | {
                        /** @enum {string} */
                        source: 'stored';
                        /** @description Write-only: stored sealed, never shown */
                        value: string;
                      }
                    | {
                        /** @enum {string} */
                        source: 'environment';
                        variable: string;
                      }
                    | {
                        /** @enum {string} */
                        source: 'file';
                        path: string;
                      }
                    | {
                        /** @enum {string} */
                        source: 'kubernetes_secret';
                        secret: string;
                        key: string;
                      }
                  )
                | null;
            };
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            /** @description Send it as If-Match to change or delete this integration */
            etag?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Integration'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The scope has an integration with this name or variable prefix (CONFLICT) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description If-Match is not the current ETag (PRECONDITION_FAILED) */
        412: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description If-Match is missing (PRECONDITION_REQUIRED) */
        428: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The scope has SERVICE_INTEGRATIONS_MAX_PER_SCOPE integrations (RESOURCE_EXHAUSTED) */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    post?: never;
    /**
     * Delete an integration of the organization and its versions
     * @description With If-Match, only when the integration is still the one read (412 PRECONDITION_FAILED otherwise).
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          iid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description If-Match is not the current ETag (PRECONDITION_FAILED) */
        412: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/integrations/{iid}/versions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The versions of an integration of the organization, newest first */
    get: {
      parameters: {
        query?: {
          /** @description Page size; larger values are capped at limits.max_page_size */
          limit?: number;
          /** @description A next_cursor from the previous page */
          cursor?: string;
        };
        header?: never;
        path: {
          iid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                items: components['schemas']['IntegrationVersion'][];
                next_cursor: string | null;
              };
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/integrations/{iid}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Try the connection of an integration of the organization
     * @description One attempt with the saved configuration, within SERVICE_INTEGRATIONS_TEST_TIMEOUT_SECONDS, under the outbound-request policy (docs/outbound-requests.md). A failed connection is an answer too (ok: false), its message saying what failed without any secret.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          iid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ConnectionTestResult'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/data/sources': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The project's data sources: its bucket and database integrations
     * @description Listed for every member (project.read); browsing an integration's data takes integration.use (editors and above): `usable` says whether the caller may. A notebook's workspace is a source too, named by the notebook's id.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['DataSource'][];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/data/sources/{sid}/objects': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Folders and objects under a prefix of a bucket or workspace, a page at a time */
    get: {
      parameters: {
        query?: {
          /** @description A folder ending in / lists it; more text after it searches by prefix */
          prefix?: string;
          cursor?: string;
          limit?: number;
        };
        header?: never;
        path: {
          pid: string;
          /** @description An integration id, or a notebook id for its workspace */
          sid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ObjectPage'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The bucket or database cannot be reached, or a secret of its integration cannot be read (SERVICE_UNAVAILABLE) */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/data/sources/{sid}/object': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An object's details and versions */
    get: {
      parameters: {
        query: {
          key: string;
          version_id?: string;
        };
        header?: never;
        path: {
          pid: string;
          /** @description An integration id, or a notebook id for its workspace */
          sid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ObjectDetails'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The bucket or database cannot be reached, or a secret of its integration cannot be read (SERVICE_UNAVAILABLE) */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/data/sources/{sid}/object/content': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An object's bytes, streamed through the hub
     * @description Always an attachment, never run as a document on the hub’s origin. Reading an integration’s object writes `data.download`.
     */
    get: {
      parameters: {
        query: {
          key: string;
          version_id?: string;
        };
        header?: never;
        path: {
          pid: string;
          /** @description An integration id, or a notebook id for its workspace */
          sid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The bytes */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': string;
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The bucket or database cannot be reached, or a secret of its integration cannot be read (SERVICE_UNAVAILABLE) */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/data/sources/{sid}/object/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The first rows of a table file, the start of a text, or what an image is
     * @description Read with byte, row, time and memory budgets (SERVICE_DATA_PREVIEW_*). A file that cannot be previewed within them, or is not what its name says, answers 422 VALIDATION_ERROR with the reason in details[0].message (malformed, unsupported, byte-budget, time-budget, memory-budget, expansion).
     */
    get: {
      parameters: {
        query: {
          key: string;
          version_id?: string;
          /** @description At most SERVICE_DATA_PREVIEW_MAX_ROWS */
          rows?: number;
        };
        header?: never;
        path: {
          pid: string;
          /** @description An integration id, or a notebook id for its workspace */
          sid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['DataPreview'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The object cannot be previewed (VALIDATION_ERROR) */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The bucket or database cannot be reached, or a secret of its integration cannot be read (SERVICE_UNAVAILABLE) */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/data/sources/{sid}/tables': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A database's tables and views with row estimates */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          /** @description An integration id, or a notebook id for its workspace */
          sid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['DatabaseTables'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The bucket or database cannot be reached, or a secret of its integration cannot be read (SERVICE_UNAVAILABLE) */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/data/sources/{sid}/tables/{schema}/{table}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A table's or view's columns with their types */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          /** @description An integration id, or a notebook id for its workspace */
          sid: string;
          schema: string;
          table: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['TableColumns'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The bucket or database cannot be reached, or a secret of its integration cannot be read (SERVICE_UNAVAILABLE) */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/data/sources/{sid}/tables/{schema}/{table}/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The first rows of a table or view */
    get: {
      parameters: {
        query?: {
          rows?: number;
        };
        header?: never;
        path: {
          pid: string;
          /** @description An integration id, or a notebook id for its workspace */
          sid: string;
          schema: string;
          table: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['QueryResult'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The bucket or database cannot be reached, or a secret of its integration cannot be read (SERVICE_UNAVAILABLE) */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/data/sources/{sid}/queries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Run one read-only statement
     * @description Run read-only (a read-only transaction), with the statement timeout SERVICE_DATA_QUERY_TIMEOUT_SECONDS and the row and byte caps SERVICE_DATA_QUERY_MAX_*. Closing the request cancels the statement at the server. A statement the server refuses (a DELETE, a syntax error) or that runs past its timeout answers 422 VALIDATION_ERROR with the server’s message. Writes `data.query` (never the result).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          /** @description An integration id, or a notebook id for its workspace */
          sid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description One read-only statement */
            sql: string;
            /** @description Lowers SERVICE_DATA_QUERY_MAX_ROWS for this query */
            max_rows?: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['QueryResult'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The server refused the statement, or it ran past its timeout (VALIDATION_ERROR) */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The bucket or database cannot be reached, or a secret of its integration cannot be read (SERVICE_UNAVAILABLE) */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/data/sources/{sid}/ai-query': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Turn a question in words into SQL for review
     * @description The project's AI provider integration (kind openai) receives the chosen tables' column names and types — rows only with include_sample_rows — and answers one statement. Nothing runs: the answer goes to the editor. Writes `data.ai_query`.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
          /** @description An integration id, or a notebook id for its workspace */
          sid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            question: string;
            tables?: {
              schema: string;
              name: string;
            }[];
            /**
             * @description Send the first 3 rows of each table too; off: names and types only
             * @default false
             */
            include_sample_rows?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['AiQueryAnswer'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The project has no AI provider integration (VALIDATION_ERROR) */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The bucket or database cannot be reached, or a secret of its integration cannot be read (SERVICE_UNAVAILABLE) */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/data/cells': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add cells that load an object, a table or a query’s result to a notebook, or make a new notebook of them
     * @description The cells read the data through the integration’s variables, never a secret. Into your running edit session (its editor reloads the notebook file), into a notebook as a new version (EDIT_SESSION_OWNED while an edit session holds it: add them to that session instead), or as a new notebook.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            source_id: string;
            object?: {
              key: string;
            };
            table?: {
              schema: string;
              name: string;
              rows?: number;
            };
            sql?: string;
            target:
              | {
                  /** @description Your running edit session: its editor shows the cells at once */
                  session_id: string;
                }
              | {
                  notebook_id: string;
                }
              | {
                  new_notebook: {
                    title: string;
                  };
                };
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['DataCell'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The bucket or database cannot be reached, or a secret of its integration cannot be read (SERVICE_UNAVAILABLE) */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/data/cells/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Show the cells that adding would write, writing nothing
     * @description The same request and checks as adding the cells (the target decides the names the cells may use); answers their code, packages and variable without changing any notebook or session.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            source_id: string;
            object?: {
              key: string;
            };
            table?: {
              schema: string;
              name: string;
              rows?: number;
            };
            sql?: string;
            target:
              | {
                  /** @description Your running edit session: its editor shows the cells at once */
                  session_id: string;
                }
              | {
                  notebook_id: string;
                }
              | {
                  new_notebook: {
                    title: string;
                  };
                };
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['DataCellPreview'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The bucket or database cannot be reached, or a secret of its integration cannot be read (SERVICE_UNAVAILABLE) */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/notebook-imports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Import a folder: upload it as a zip and see the marimo notebooks it holds
     * @description The body is a zip of the folder (Content-Type application/zip), up to limits.max_request_bytes. Every entry is checked before anything is stored: absolute paths, drive letters, .. segments, backslashes, symlinks, encrypted entries, duplicate and non-UTF-8 names are refused with VALIDATION_ERROR naming the entry; an archive that expands too much is PAYLOAD_TOO_LARGE; a body that is not a zip is BAD_REQUEST. The folder is kept 24 hours; see docs/imports.md.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/zip': string;
          'application/octet-stream': string;
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['NotebookImport'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/projects/{pid}/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One UTC day of a project's audit log, newest first (project managers)
     * @description date=YYYY-MM-DD picks the day (default: today, UTC). A plain array; a day in the future is simply empty.
     */
    get: {
      parameters: {
        query?: {
          /** @description The UTC day, YYYY-MM-DD (default: today) */
          date?: string;
        };
        header?: never;
        path: {
          pid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['AuditLogEntry'][];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A path segment is longer than the hub accepts (BAD_REQUEST) */
        414: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The deployment's audit log, newest first (super admins)
     * @description Filters event, actor and project_id match exactly. from and to bound the UTC days (inclusive); the default is the last 30 days including today, and a range may cover at most 30 days. A next_cursor keeps the range it was issued for; the last page may be empty.
     */
    get: {
      parameters: {
        query?: {
          /** @description Page size; larger values are capped at limits.max_page_size */
          limit?: number;
          /** @description A next_cursor from the previous page */
          cursor?: string;
          /** @description Only entries of this event type (exact), e.g. project.update */
          event?: string;
          /** @description Only entries by this actor (exact user id, or system) */
          actor?: string;
          /** @description Only entries about this project (exact id) */
          project_id?: string;
          /** @description First UTC day, YYYY-MM-DD, inclusive (default: 29 days before to) */
          from?: string;
          /** @description Last UTC day, YYYY-MM-DD, inclusive (default: today) */
          to?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['AuditLogPage'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/policy/analyzer': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Policy analyzer metadata: actions, entitlements, classification order */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['PolicyAnalyzerMetadata'];
            };
          };
        };
        /** @description Not modified: If-None-Match matched the ETag; no body */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/policy/analyzer/run': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Run a policy suite through the login rules and the policy engine the routes use
     * @description Reads users, projects, notebooks and sessions, writes nothing. context {mode: live-self} stands for your own security context. See docs/authorization.md.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description Grant project lists hold 1 to 100 ids. */
      requestBody: {
        content: {
          'application/json': {
            /** @enum {number} */
            schema_version: 1;
            name?: string;
            cases: {
              /** @description Unique within the suite */
              id: string;
              name: string;
              login?: {
                identity: {
                  /** @description The provider's subject; the ID token's sub wins when present */
                  id: string;
                  email: string;
                };
                id_token_claims: {
                  [key: string]: unknown;
                };
                user_info_claims?: {
                  [key: string]: unknown;
                };
                expected:
                  | {
                      /** @enum {string} */
                      outcome: 'allow';
                      /** @description Exactly these, in any order */
                      entitlements?: ('super-admin' | 'project-creator' | 'default-role:viewer' | 'default-role:editor' | 'default-role:manager')[];
                    }
                  | {
                      /** @enum {string} */
                      outcome: 'deny';
                    };
              };
              authorization?: {
                subject: {
                  id: string;
                  email: string;
                  /**
                   * @description login: the entitlements and groups of this case's login stage
                   * @enum {unknown}
                   */
                  entitlement_source: 'explicit' | 'login';
                  entitlements?: ('super-admin' | 'project-creator' | 'default-role:viewer' | 'default-role:editor' | 'default-role:manager')[];
                  grant?: components['schemas']['TokenScope'];
                };
                /** @enum {unknown} */
                action:
                  | 'project.create'
                  | 'admin.access'
                  | 'org-integration.manage'
                  | 'audit.global.read'
                  | 'directory.search'
                  | 'project.read'
                  | 'project.update'
                  | 'project.delete'
                  | 'project.members.manage'
                  | 'project.events.read'
                  | 'project.alerts.manage'
                  | 'notebook.write'
                  | 'notebook.manage'
                  | 'integration.read'
                  | 'integration.use'
                  | 'integration.manage'
                  | 'change-request.publish'
                  | 'security-labels.raise'
                  | 'security-labels.lower'
                  | 'session.attach'
                  | 'session.stop'
                  | 'session.surface'
                  | 'session.proxy'
                  | 'session.start';
                resource: {
                  /**
                   * @description stored: the project, notebook and session named are read from the store; synthetic: the facts below
                   * @enum {unknown}
                   */
                  source: 'stored' | 'synthetic';
                  /** @enum {unknown} */
                  kind: 'deployment' | 'project' | 'session' | 'session-start';
                  project_id?: string;
                  notebook_id?: string;
                  session_id?: string;
                  project?: {
                    /** @description The owner's user id */
                    owner: string;
                    members?: {
                      user_id?: string;
                      email?: string;
                      /** @enum {unknown} */
                      role: 'manager' | 'editor' | 'viewer';
                    }[];
                    /**
                     * @default active
                     * @enum {unknown}
                     */
                    status?: 'active' | 'deleted';
                    security_labels?: {
                      classification: string;
                      compartments: string[];
                    } | null;
                  };
                  notebook_labels?: {
                    classification: string;
                    compartments: string[];
                  } | null;
                  session?: {
                    user_id: string;
                    /**
                     * @default edit
                     * @enum {unknown}
                     */
                    mode?: 'edit' | 'app';
                    /** @default false */
                    ephemeral?: boolean;
                    /**
                     * @description Default: SERVICE_EDITOR_SANDBOX_SHARING
                     * @enum {unknown}
                     */
                    editor_sandbox_sharing?: 'shared' | 'exclusive';
                  };
                  /**
                   * @description session-start: the mode being started (default app)
                   * @enum {unknown}
                   */
                  mode?: 'edit' | 'app';
                  /** @description session-start: the start takes over another editor's edit session (takeover_from); default false */
                  takeover?: boolean;
                  /** @description session-start, synthetic: the user id of who created the notebook (a stored notebook brings its own) */
                  notebook_author?: string;
                };
                context:
                  | {
                      /** @enum {string} */
                      mode: 'live-self';
                    }
                  | {
                      /** @enum {string} */
                      mode: 'synthetic';
                      value: components['schemas']['SecurityContext'] | null;
                    };
                expected: {
                  allowed: boolean;
                  /** @enum {unknown} */
                  denial_category?: 'lifecycle' | 'visibility' | 'role' | 'session' | 'standing' | 'constraint' | 'credential-resource' | 'credential-action';
                };
              };
            }[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['PolicySuiteResult'];
            };
          };
        };
        /** @description The request is malformed (BAD_REQUEST and its kin) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description No valid credential (UNAUTHORIZED) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The caller may not do this (FORBIDDEN, USER_SUSPENDED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The path does not have this method (BAD_REQUEST); Allow names those it has */
        405: {
          headers: {
            /** @description The methods the path has */
            allow?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE) */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The body's Content-Type is not one this route accepts (BAD_REQUEST) */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description The request headers are larger than the hub accepts (BAD_REQUEST) */
        431: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description An unexpected failure (INTERNAL_ERROR); the request id finds it in the log */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '4XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
        /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
        '5XX': {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorEnvelope'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** @description Failure envelope: see docs/errors.md for every code and its HTTP status */
    ErrorEnvelope: {
      /** @enum {boolean} */
      success: false;
      error: {
        /** @enum {unknown} */
        code:
          | 'BAD_REQUEST'
          | 'PRECONDITION_FAILED'
          | 'PRECONDITION_REQUIRED'
          | 'NOT_FOUND'
          | 'CONFLICT'
          | 'PROPOSAL_RETRY_REQUIRED'
          | 'EDIT_SESSION_OWNED'
          | 'EDIT_SESSION_CHANGED'
          | 'EDIT_SESSION_RETIRING'
          | 'TAKEOVER_IN_PROGRESS'
          | 'FORBIDDEN'
          | 'VALIDATION_ERROR'
          | 'SYNC_NOT_CONFIGURED'
          | 'NOT_INITIALIZED'
          | 'SERVICE_UNAVAILABLE'
          | 'PYTHON_ENV_SETUP_FAILED'
          | 'RESOURCE_EXHAUSTED'
          | 'SURFACE_NOT_ENABLED'
          | 'SURFACE_UNAVAILABLE'
          | 'SURFACE_FORBIDDEN'
          | 'SURFACE_PRIMARY'
          | 'RUNTIME_SETUP_NOT_APPLICABLE'
          | 'SURFACE_UNSUPPORTED_PROVIDER'
          | 'SURFACE_OPEN_INVALID'
          | 'UNAUTHORIZED'
          | 'USER_SUSPENDED'
          | 'GONE'
          | 'PAYLOAD_TOO_LARGE'
          | 'NO_HTML_SNAPSHOT'
          | 'NO_RUN_OUTPUT'
          | 'INTERNAL_ERROR';
        message: string;
        details?: {
          field: string;
          message: string;
        }[];
        request_id?: string;
      };
    };
    SuccessResponse: {
      /** @enum {boolean} */
      success: true;
    };
    DeploymentInfo: {
      version: string;
      image: string | null;
      sandbox_image: string | null;
      /** Format: date-time */
      started_at: string;
      replica: string;
      backends: {
        storage: string;
        compute: string;
        auth: string;
      };
    };
    Capabilities: {
      federation: {
        available: boolean;
      };
      integrations: {
        available: boolean;
      };
      source_control: {
        change_request_providers: string[];
        sync_providers: string[];
        pull_source_providers: string[];
      };
      project_alerts: {
        available: boolean;
        destination_types: ('slack' | 'webhook' | 'unknown')[];
        selectable_kinds: string[];
        max_destinations: number;
      };
      jobs: {
        available: boolean;
        max_per_notebook: number | null;
        max_queued_runs_per_job: number | null;
        default_timeout_seconds: number | null;
        max_timeout_seconds: number | null;
        run_retention_days: number | null;
      };
      data_browser: {
        available: boolean;
        preview: boolean;
        query: boolean;
        ai_query: boolean;
      };
      /** @enum {unknown} */
      viewer_mode: 'static' | 'applications' | 'ephemeral-sandbox';
      viewer_session_modes: ('edit' | 'app')[];
      /** @enum {unknown} */
      editor_sandbox_sharing: 'shared' | 'exclusive';
      default_role: ('manager' | 'editor' | 'viewer') | null;
      limits: {
        max_concurrent_sessions_per_user: number | null;
        max_apps_per_project: number | null;
        max_request_bytes: number;
        max_versions_per_notebook: number;
        default_page_size: number;
        max_page_size: number;
      };
      sandbox_images: string[];
      sandbox_startup_timeout_seconds: number;
      compute_profiles: {
        name: string;
        cpu?: number;
        memory_bytes?: number;
        gpu?: string;
      }[];
      /** @enum {unknown} */
      compute_profile_override: 'none' | 'editors';
      surfaces: (
        | {
            /** @enum {string} */
            id: 'vscode';
            /** @enum {unknown} */
            flavor: 'code-server' | 'openvscode';
            /** @enum {unknown} */
            start: 'on-demand' | 'eager';
            /** @enum {unknown} */
            embed: 'tab' | 'iframe';
          }
        | {
            /** @enum {string} */
            id: 'opencode';
            /** @enum {unknown} */
            start: 'on-demand' | 'eager';
            /** @enum {unknown} */
            embed: 'tab' | 'iframe';
            managed_ai: boolean;
          }
      )[];
    };
    AuthMethods: {
      /** @enum {unknown} */
      kind: 'local' | 'oidc';
      /** @description Where the browser starts signing in */
      login_url: string;
    };
    Me: {
      id: string;
      email: string;
      name: string | null;
      picture_url: string | null;
      logout_url: string | null;
      is_super_admin: boolean;
      can_create_projects: boolean;
    };
    /** @description Narrows what the token may do; it never adds permissions */
    TokenScope: {
      actions:
        | '*'
        | (
            | 'project.create'
            | 'admin.access'
            | 'org-integration.manage'
            | 'audit.global.read'
            | 'directory.search'
            | 'project.read'
            | 'project.update'
            | 'project.delete'
            | 'project.members.manage'
            | 'project.events.read'
            | 'project.alerts.manage'
            | 'notebook.write'
            | 'notebook.manage'
            | 'integration.read'
            | 'integration.use'
            | 'integration.manage'
            | 'change-request.publish'
            | 'security-labels.raise'
            | 'security-labels.lower'
            | 'session.attach'
            | 'session.stop'
            | 'session.surface'
            | 'session.proxy'
            | 'session.start'
          )[];
      projects: '*' | string[];
    };
    CreatedToken: {
      /** @description The token value; shown only in this response */
      token: string;
      id: string;
      name: string;
      scope: components['schemas']['TokenScope'];
      /** Format: date-time */
      created_at: string;
      expires_at: string | null;
      expired: boolean;
    };
    TokenInfo: {
      id: string;
      name: string;
      scope: components['schemas']['TokenScope'];
      /** Format: date-time */
      created_at: string;
      expires_at: string | null;
      expired: boolean;
    };
    McpAuthorizationRequest: {
      client_id: string;
      /** @description As the client registered it: the consent page says it is unverified */
      client_name: string;
      client_uri: string | null;
      /** @description Where the browser goes after the answer */
      redirect_uri: string;
      /** @description What the client asks for */
      scopes: {
        /**
         * @description An MCP scope (docs/mcp.md, "Scopes")
         * @enum {unknown}
         */
        name: 'notebooks:read' | 'notebooks:write' | 'sessions';
        description: string;
      }[];
      /** Format: date-time */
      expires_at: string;
    };
    McpConnectedClient: {
      id: string;
      client_id: string;
      client_name: string;
      scopes: ('notebooks:read' | 'notebooks:write' | 'sessions')[];
      /** Format: date-time */
      connected_at: string;
      /**
       * Format: date-time
       * @description When the client last renewed its access
       */
      refreshed_at: string;
      /**
       * Format: date-time
       * @description When the connection ends unless the client renews it
       */
      expires_at: string;
    };
    ResolvedUser: {
      id: string;
      email: string;
      name: string | null;
      picture_url: string | null;
    };
    AdminUser: {
      id: string;
      email: string;
      name: string;
      /** Format: date-time */
      updated_at: string;
      suspended_at: string | null;
      is_super_admin: boolean;
    };
    DeploymentConfig: {
      deployment: {
        version: string;
        image: string | null;
        sandbox_image: string | null;
        started_at: string | null;
        replica: string | null;
        node: string | null;
        backends: {
          storage: string;
          compute: string;
          auth: string;
        } | null;
      } | null;
      groups: {
        name: string;
        backend: string | null;
        settings: {
          key: string;
          name: string;
          value: string | null;
          secret: boolean;
          set: boolean;
        }[];
      }[];
      policy: {
        default_role: ('manager' | 'editor' | 'viewer') | null;
        super_admins: string[];
      };
    };
    SnapshotProjectEntry: {
      id: string;
      name: string;
      description: string;
      owner: string;
      /** @enum {unknown} */
      status: 'active' | 'deleted';
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      notebook_count: number;
      tags: string[];
      your_role: ('admin' | 'manager' | 'editor' | 'viewer') | null;
    };
    ProjectFederation: {
      enabled: boolean;
      target?: string;
    };
    SecurityLabels: {
      classification: string;
      compartments: string[];
    };
    Project: {
      id: string;
      name: string;
      description: string;
      owner: string;
      members: components['schemas']['ProjectMember'][];
      group_members: components['schemas']['GroupMember'][];
      /** @enum {unknown} */
      status: 'active' | 'deleted';
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      tags: string[];
      default_role: ('manager' | 'editor' | 'viewer') | null;
      federation?: components['schemas']['ProjectFederation'];
      security_labels?: components['schemas']['SecurityLabels'];
      your_role: ('admin' | 'manager' | 'editor' | 'viewer') | null;
    };
    ProjectMember: {
      /** @enum {unknown} */
      role: 'admin' | 'manager' | 'editor' | 'viewer';
      user_id?: string;
      email?: string;
    };
    GroupMember: {
      group: string;
      /** @enum {unknown} */
      role: 'manager' | 'editor' | 'viewer';
    };
    SnapshotNotebookEntry: {
      id: string;
      title: string;
      description: string;
      /** @enum {unknown} */
      status: 'draft' | 'active' | 'archived' | 'deleted';
      /** @enum {unknown} */
      source_type: 'local' | 'git';
      author: string;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      tags: string[];
      last_run_at: string | null;
      compute_profile?: string;
    };
    NotebookDetail: {
      meta: components['schemas']['NotebookMeta'];
      readme: string | null;
      source: components['schemas']['NotebookSource'];
    };
    NotebookMeta: {
      id: string;
      project_id: string;
      title: string;
      description: string;
      /** @enum {unknown} */
      status: 'draft' | 'active' | 'archived' | 'deleted';
      author: string;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      last_run_at: string | null;
      tags: string[];
      runtime?: {
        python_version?: string;
        marimo_version?: string;
      };
      base_image?: string;
      compute_profile?: string;
      security_labels?: components['schemas']['SecurityLabels'];
      integrations: components['schemas']['NotebookIntegrations'];
    };
    /** @description What the notebook's sandboxes receive (docs/project-secrets.md) */
    NotebookIntegrations: {
      /** @description `all` of the project's integrations, or these integration ids */
      use: 'all' | string[];
      /** @description Whether app sessions receive the project's secrets and integrations (the notebook's choice, for every viewer of the app) */
      in_apps: boolean;
    };
    NotebookSource:
      | {
          /** @enum {string} */
          type: 'local';
          current_version_id: string;
        }
      | {
          /** @enum {string} */
          type: 'git';
          provider: string | null;
          repo: string;
          branch: string;
          root_path: string;
          entry_notebook: string;
          /** @enum {unknown} */
          sync_mode: 'push' | 'pull';
          current_version_id: string | null;
          commit: string | null;
          last_synced_at: string | null;
          pending_config?: {
            repo: string;
            branch: string;
            root_path: string;
            entry_notebook: string;
          };
        };
    NotebookVersion: {
      version_id: string;
      notebook_id: string;
      /** Format: date-time */
      saved_at: string;
      author: string;
      message: string;
      parent_id: string | null;
      html_snapshot?: {
        /** Format: date-time */
        captured_at: string;
        bytes: number;
      };
      /** @description The commit a Git sync made this version from */
      commit?: string;
      /** @description Where in the repository the sync read (GitSourceConfig) */
      git_source?: {
        repo: string;
        branch: string;
        root_path: string;
        entry_notebook: string;
      };
    };
    WorkspaceAccess: {
      writable: boolean;
      read_only_reason: ('git_source' | 'viewer' | 'active_session') | null;
      protected_paths: {
        path: string;
        /** @description copy: as the destination of a copy */
        denied_operations: ('create' | 'write' | 'move' | 'copy' | 'delete')[];
      }[];
    };
    WorkspaceItem: {
      path: string;
      name: string;
      /** @enum {unknown} */
      kind: 'file' | 'directory';
      size?: number;
      /** @description milliseconds since the epoch */
      modified_at?: number;
      mime_type?: string;
    };
    NotebookImport: {
      id: string;
      project_id: string;
      /** Format: date-time */
      created_at: string;
      created_by: string;
      /**
       * @description files_expired: the folder snapshot is gone (24 hours after the upload); receipts remain
       * @enum {unknown}
       */
      state: 'available' | 'files_expired';
      /** Format: date-time */
      files_expire_at: string;
      /** Format: date-time */
      expires_at: string;
      archive_bytes: number;
      file_count: number;
      folder_count: number;
      total_bytes: number;
      /** @description Files left out: __MACOSX/, __pycache__/, .DS_Store, Thumbs.db */
      ignored_count: number;
      notebooks: {
        /** @description The notebook file in the imported folder */
        path: string;
        /** @description The notebook's folder in the archive ('' for the top level); it becomes the new workspace's root */
        folder: string;
        /** @description Where the notebook file goes in the new workspace */
        entry_file: string;
        /** @description The title a created notebook gets unless the request names one (app_title, else the file name) */
        title: string;
        /**
         * @description ready: can be created; importing: a request is creating it; imported: see notebook_id; invalid: see reason; expired: the folder snapshot is gone
         * @enum {unknown}
         */
        state: 'ready' | 'importing' | 'imported' | 'invalid' | 'expired';
        /** @enum {unknown} */
        reason?: 'not_utf8' | 'contains_nul' | 'too_large' | 'unsupported_name';
        message?: string;
        notebook_id?: string;
        /** Format: date-time */
        imported_at?: string;
        imported_by?: string;
        /** @description Neighbouring files that come with the notebook */
        file_count: number;
        bytes: number;
        workspace_files: string[] | null;
      }[];
    };
    AlertDestination:
      | {
          id: string;
          name: string;
          /** @description Subscribed kinds; a kind this hub does not know reads as unknown */
          kinds: (
            | 'member.invited'
            | 'member.added'
            | 'member.role_changed'
            | 'member.removed'
            | 'session.takeover'
            | 'notebook.deleted'
            | 'project.deleted'
            | 'app.start_failed'
            | 'app.unavailable'
            | 'sync.failed'
            | 'job.run.failed'
            | 'job.run.succeeded'
            | 'unknown'
          )[];
          enabled: boolean;
          verified_at: string | null;
          /** @description Host (and port) of the destination URL; the URL itself is never returned */
          endpoint_host: string;
          created_by: string;
          /** Format: date-time */
          created_at: string;
          /** Format: date-time */
          updated_at: string;
          /** @enum {string} */
          type: 'slack';
          /** @enum {boolean} */
          webhook_url_set: true;
        }
      | {
          id: string;
          name: string;
          /** @description Subscribed kinds; a kind this hub does not know reads as unknown */
          kinds: (
            | 'member.invited'
            | 'member.added'
            | 'member.role_changed'
            | 'member.removed'
            | 'session.takeover'
            | 'notebook.deleted'
            | 'project.deleted'
            | 'app.start_failed'
            | 'app.unavailable'
            | 'sync.failed'
            | 'job.run.failed'
            | 'job.run.succeeded'
            | 'unknown'
          )[];
          enabled: boolean;
          verified_at: string | null;
          /** @description Host (and port) of the destination URL; the URL itself is never returned */
          endpoint_host: string;
          created_by: string;
          /** Format: date-time */
          created_at: string;
          /** Format: date-time */
          updated_at: string;
          /** @enum {string} */
          type: 'webhook';
          /** @enum {boolean} */
          url_set: true;
          /** @enum {boolean} */
          signing_secret_set: true;
        };
    Job: {
      id: string;
      project_id: string;
      notebook_id: string;
      name: string;
      schedule: {
        /** @description Five fields (minute hour day-of-month month day-of-week), or six with seconds first */
        cron: string;
        /** @description IANA time zone the schedule is read in, e.g. Europe/Berlin or UTC */
        time_zone: string;
      } | null;
      on_demand: boolean;
      parameters: string[];
      timeout_seconds: number | null;
      compute_profile: string | null;
      version_id: string | null;
      enabled: boolean;
      disabled_reason: ('owner_suspended' | 'owner_left_project') | null;
      /** @description The user whose role its scheduled runs rely on: whoever last switched it on (at first, its creator) */
      owner: string;
      next_run_at: string | null;
      queued_runs: number;
      running_runs: number;
      last_run: {
        id: string;
        /** @enum {unknown} */
        state: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'timed_out';
        finished_at: string | null;
      } | null;
      /** Format: date-time */
      created_at: string;
      created_by: string;
      /** Format: date-time */
      updated_at: string;
    };
    JobRun: {
      id: string;
      job_id: string;
      project_id: string;
      notebook_id: string;
      /** @enum {unknown} */
      state: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'timed_out';
      /** @enum {unknown} */
      trigger: 'schedule' | 'manual';
      due_at: string | null;
      /** @description The user who ran it, or system for a scheduled run */
      triggered_by: string;
      parameters: string[];
      timeout_seconds: number;
      version_id: string | null;
      /** Format: date-time */
      queued_at: string;
      started_at: string | null;
      finished_at: string | null;
      duration_ms: number | null;
      exit_code: number | null;
      error: {
        code: string;
        message: string;
      } | null;
      has_output: boolean;
      output_bytes: number | null;
      log_bytes: number;
      trace_id?: string | null;
      environment_id: string | null;
    };
    GitProvider: {
      /** @enum {unknown} */
      provider: 'github' | 'gitlab';
      name: string;
      /** @description Where its repositories' pages are: owner/repo is <web_url>/owner/repo */
      web_url: string;
    };
    GitNotebookCreateResult: {
      notebook: components['schemas']['NotebookDetail'];
      sync_url?: string;
      sync_token?: string;
      sync_error?: {
        code: string;
        message: string;
      };
    };
    SourceSyncResult: {
      synced: boolean;
      commit: string;
      version_id: string | null;
    };
    SyncToken: {
      sync_url: string;
      sync_token: string;
    };
    ChangeRequest: {
      id: string;
      project_id: string;
      notebook_id: string;
      /** @enum {unknown} */
      provider: 'github' | 'gitlab';
      repo: string;
      number: number;
      url: string;
      title: string;
      branch: string;
      base_branch: string;
      base_commit: string;
      commit: string;
      from:
        | {
            version_id: string;
          }
        | {
            session_id: string;
          };
      created_by: string;
      /** Format: date-time */
      created_at: string;
    };
    SourceDrift: {
      current_commit: string | null;
      remote_commit: string;
      in_sync: boolean;
      pending_config: boolean;
      /** Format: date-time */
      checked_at: string;
    };
    /** @description failing_since: the first failure of the current run of failed syncs; last_error: its latest; both null while the last sync worked */
    SourceSyncHealth: {
      failing_since: string | null;
      last_error: {
        code: string;
        message: string;
      } | null;
    };
    SourceRefs: {
      branches: {
        name: string;
        commit: string;
      }[];
      /** @description The newest commits of the notebook's branch (at most 20), newest first */
      commits: {
        commit: string;
        title: string;
        author: string;
        /** Format: date-time */
        committed_at: string;
      }[];
    };
    GitCredentials: {
      username: string | null;
      read_token_set: boolean;
      write_token_set: boolean;
      provider: ('github' | 'gitlab') | null;
      host_url: string | null;
      /** @description The repositories of that host the credentials are sent with, relative to host_url: owner/repo, owner/* or * */
      repositories: string[];
      updated_at: string | null;
    };
    Preview: {
      id: string;
      notebook_id: string;
      /** @enum {unknown} */
      kind: 'branch' | 'commit' | 'change_request';
      /** @description What is fetched: the branch name, the commit id, or the change request ref */
      ref: string;
      branch: string | null;
      change_request: number | null;
      title: string;
      /**
       * @description pending until the snapshot is prepared; failed with error
       * @enum {unknown}
       */
      status: 'pending' | 'ready' | 'failed';
      commit: string | null;
      error: {
        code: string;
        message: string;
      } | null;
      root_path: string;
      entry_notebook: string;
      created_by: string;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      prepared_at: string | null;
    };
    Session: {
      id: string;
      project_id: string;
      notebook_id: string;
      /** @enum {unknown} */
      mode: 'edit' | 'app';
      user_id: string;
      /** @enum {unknown} */
      state: 'provisioning' | 'running' | 'stopping' | 'stopped' | 'failed';
      /**
       * @description Provisioning progress
       * @enum {unknown}
       */
      phase: 'queued' | 'sandbox' | 'files' | 'environment' | 'server' | 'ready';
      phase_detail: string | null;
      /** @description Where the browser opens the session: the proxied marimo */
      url: string;
      ephemeral: boolean;
      /** @description Started from the warm pool (a sandbox that was already running) */
      warm: boolean;
      /** @enum {unknown} */
      editor_sandbox_sharing: 'exclusive' | 'shared';
      /** Format: date-time */
      created_at: string;
      started_at: string | null;
      stopped_at: string | null;
      /** Format: date-time */
      expires_at: string;
      /** Format: date-time */
      last_activity_at: string;
      stop_reason: string | null;
      failure: {
        code: string;
        message: string;
      } | null;
      /** @description How often the hub started the session again in a fresh sandbox after its notebook server died (an app, at most once) */
      restarts: number;
      restarted_at: string | null;
      preview_id: string | null;
      received: components['schemas']['SessionReceived'];
      environment_id: string | null;
      trace_id?: string | null;
      /** @description True when an existing live session was returned */
      reused?: boolean;
    };
    /** @description What the session's sandbox received of the project's secrets and integrations: names only, never a value */
    SessionReceived: {
      integrations: {
        id: string;
        name: string;
        kind: string;
        /** @description The environment variables it set */
        variables: string[];
        /** @description The files it put into the secrets directory (NOTEBOOK_HUB_SECRETS_DIR) */
        files: string[];
      }[];
      /** @description Project secrets given as environment variables of their own names */
      secrets: string[];
      /** @description Project secrets that could not be read when the sandbox started, and why; not given */
      unavailable: {
        name: string;
        reason: string;
      }[];
      /** @description Every environment variable set from secrets and integrations */
      variables: string[];
      /** @description Whether a workload identity token was given */
      federation_token: boolean;
    };
    TrustPolicies: {
      /** @description The issuer URL: what the tokens name as `iss`, and what the consumer registers */
      issuer: string;
      /** @description The project’s federation target: the tokens’ `aud` */
      audience: string;
      /** @description What the subject of every token of the project matches (`project:<pid>:*`) */
      subject_pattern: string;
      examples: {
        /** @enum {unknown} */
        provider: 'aws' | 'seaweedfs';
        name: string;
        /** @description aws: the role’s trust policy; seaweedfs: the provider and a role trusting it, for the S3 gateway’s -s3.iam.config */
        policy: {
          [key: string]: unknown;
        };
      }[];
    };
    /** @description A project secret: where its value comes from, never the value */
    ProjectSecret: {
      /** @description The environment variable a notebook reads */
      name: string;
      description: string;
      /**
       * @description stored: a value the hub keeps, sealed; environment: a variable of the hub’s environment; file: a file on the hub (a mounted secret); kubernetes_secret: a key of a Secret in the hub’s namespace
       * @enum {unknown}
       */
      source: 'stored' | 'environment' | 'file' | 'kubernetes_secret';
      /** @description True for a stored value, which is never returned */
      value_set: boolean;
      /** @description environment: the hub’s variable */
      variable?: string;
      /** @description file: the file on the hub */
      path?: string;
      /** @description kubernetes_secret: the Secret’s name */
      secret?: string;
      /** @description kubernetes_secret: the key in it */
      key?: string;
      /** Format: date-time */
      created_at: string;
      created_by: string;
      /** Format: date-time */
      updated_at: string;
      updated_by: string;
    };
    SecretCheck: {
      ok: boolean;
      /** @description What was found, in words a person can act on; never the value */
      message: string;
      /** Format: date-time */
      checked_at: string;
      duration_ms: number;
    };
    VersionEnvironment: {
      version_id: string;
      /**
       * @description none: no dependencies declared; unlocked: the dependencies are installed at each start (see unlocked_reason); pending: being resolved (or the next start resolves them); locked: resolved once, see packages; failed: uv could not resolve them, see error
       * @enum {unknown}
       */
      status: 'none' | 'unlocked' | 'pending' | 'locked' | 'failed';
      environment_id: string | null;
      python: string | null;
      /** @description Every package the lock pins, dependencies included */
      packages: {
        name: string;
        version: string;
      }[];
      lock_sha256: string | null;
      locked_at: string | null;
      reused_from: string | null;
      error: {
        /** @description uv's reason the dependencies could not be resolved */
        message: string;
      } | null;
      unlocked_reason: string | null;
    };
    EnvironmentCacheOverview: {
      /** @description Whether this deployment's sandboxes start in locked environments (on, with a driver that serves them) */
      enabled: boolean;
      /** @description What the built environments take */
      bytes: number;
      /** @description SERVICE_ENVIRONMENT_CACHE_MAX_BYTES: beyond it the least recently used go after a build */
      max_bytes: number;
      /** @description Starts in an environment since this hub process started */
      starts: {
        /** @description Starts that found their environment built */
        hits: number;
        /** @description Starts that built it */
        builds: number;
        /** @description Starts that waited for a build under way */
        waits: number;
      };
      hit_rate: number | null;
      /** Format: date-time */
      since: string;
      /** @description Newest use first */
      environments: {
        id: string;
        bytes: number;
        /** Format: date-time */
        built_at: string;
        /** Format: date-time */
        last_used_at: string;
        /** @description Running sandboxes in it, warm ones included: it is not evicted while there are any */
        running_sandboxes: number;
        /** @description The notebooks with versions locked to it */
        notebooks: {
          project_id: string;
          notebook_id: string;
          title: string;
          /** @description Its versions locked to this environment */
          versions: number;
        }[];
      }[];
      /** @description False when there were more version locks than one overview reads (5000): notebooks may be missing */
      notebooks_complete: boolean;
    };
    /** @description version: the new version (the same code, a fresh lock), null when nothing was saved; environment: its environment (the current one when nothing was saved) */
    DependencyUpdate: {
      /** @description False when the index gave the lock the current version already has: nothing was saved */
      updated: boolean;
      version: components['schemas']['NotebookVersion'] | null;
      environment: components['schemas']['VersionEnvironment'];
      /** @description The packages whose locked version changed, by name */
      changes: {
        name: string;
        from: string | null;
        to: string | null;
      }[];
    };
    SandboxStartupReport: {
      ok: boolean;
      sandbox_id: string | null;
      image: string | null;
      compute_profile: string | null;
      compute_resources: {
        cpu?: number;
        memory_bytes?: number;
        gpu?: string;
      };
      /** Format: date-time */
      started_at: string;
      /** Format: date-time */
      finished_at: string;
      total_ms: number;
      handle: {
        /** @enum {unknown} */
        status: 'ok' | 'failed' | 'skipped' | 'unknown';
        duration_ms: number | null;
        error?: {
          code: string;
          message: string;
        };
      };
      readiness: {
        /** @enum {unknown} */
        status: 'ok' | 'failed' | 'skipped' | 'unknown';
        duration_ms: number | null;
        error?: {
          code: string;
          message: string;
        };
        command: string;
        stdout: string;
        stderr: string;
        /** @enum {unknown} */
        failure_code?: 'COMMAND_FAILED' | 'SPAWN_FAILED' | 'BACKEND_ERROR' | 'unknown';
      };
      exec: {
        /** @enum {unknown} */
        status: 'ok' | 'failed' | 'skipped' | 'unknown';
        duration_ms: number | null;
        error?: {
          code: string;
          message: string;
        };
        command: string;
        stdout: string;
        stderr: string;
        /** @enum {unknown} */
        failure_code?: 'COMMAND_FAILED' | 'SPAWN_FAILED' | 'BACKEND_ERROR' | 'unknown';
      };
      cleanup: {
        /** @enum {unknown} */
        status: 'ok' | 'failed' | 'skipped' | 'unknown';
        duration_ms: number | null;
        error?: {
          code: string;
          message: string;
        };
      };
      startup_timings_ms: {
        [key: string]: number;
      };
      counters: {
        [key: string]: number;
      };
      environment_setup_benchmark: {
        tool: string;
        runtime_probe: {
          /** @enum {unknown} */
          status: 'ok' | 'failed' | 'skipped' | 'unknown';
          duration_ms: number | null;
          error?: {
            code: string;
            message: string;
          };
          command: string;
          stdout: string;
          stderr: string;
          /** @enum {unknown} */
          failure_code?: 'COMMAND_FAILED' | 'SPAWN_FAILED' | 'BACKEND_ERROR' | 'unknown';
        };
        artifact_download: {
          /** @enum {unknown} */
          status: 'ok' | 'failed' | 'skipped' | 'unknown';
          duration_ms: number | null;
          error?: {
            code: string;
            message: string;
          };
          command: string;
          stdout: string;
          stderr: string;
          /** @enum {unknown} */
          failure_code?: 'COMMAND_FAILED' | 'SPAWN_FAILED' | 'BACKEND_ERROR' | 'unknown';
        };
        prepare: {
          /** @enum {unknown} */
          status: 'ok' | 'failed' | 'skipped' | 'unknown';
          duration_ms: number | null;
          error?: {
            code: string;
            message: string;
          };
          command: string;
          stdout: string;
          stderr: string;
          /** @enum {unknown} */
          failure_code?: 'COMMAND_FAILED' | 'SPAWN_FAILED' | 'BACKEND_ERROR' | 'unknown';
        };
        install: {
          /** @enum {unknown} */
          status: 'ok' | 'failed' | 'skipped' | 'unknown';
          duration_ms: number | null;
          error?: {
            code: string;
            message: string;
          };
          command: string;
          stdout: string;
          stderr: string;
          /** @enum {unknown} */
          failure_code?: 'COMMAND_FAILED' | 'SPAWN_FAILED' | 'BACKEND_ERROR' | 'unknown';
        };
      } | null;
      trace_id?: string | null;
    };
    RuntimeSession: {
      id: string;
      project_id: string;
      notebook_id: string;
      /** @enum {unknown} */
      mode: 'edit' | 'app';
      user_id: string;
      /** @enum {unknown} */
      state: 'provisioning' | 'running' | 'stopping' | 'stopped' | 'failed';
      stop_reason: string | null;
      /** Format: date-time */
      created_at: string;
      stopped_at: string | null;
      sandbox_released: boolean;
      trace_id?: string | null;
      /** @description Edit sessions only: a reclaim with the default body passes every check that needs no sandbox call */
      reclaimable?: boolean;
      reclaim_blocked_reason?: ('not_terminal' | 'provision_grace' | 'teardown_grace' | 'attachment_unsupported') | null;
    };
    ReclaimResult: {
      /** @enum {boolean} */
      reclaimed: true;
      /** @description False when nothing was saved: unchanged file, an app session, save=false, or already reclaimed */
      saved: boolean;
    };
    RuntimeSetupStatus: {
      /**
       * @description not_applicable: the sandbox driver runs the runtime of its image (Docker), there is nothing to set up. missing: never built; the first session start builds it.
       * @enum {unknown}
       */
      state: 'ready' | 'preparing' | 'missing' | 'needs_repair' | 'no_python' | 'failed' | 'not_applicable';
      percent: number | null;
      step: string | null;
      /** @description What the state means here, with the cause when something is wrong; for callers who are not super admins, one plain sentence per state */
      detail: string;
      log_tail: string | null;
    };
    SessionListEntry: {
      id: string;
      notebook_id: string;
      /** @enum {unknown} */
      mode: 'edit' | 'app';
      user_id: string;
      /** @enum {unknown} */
      state: 'provisioning' | 'running' | 'stopping' | 'stopped' | 'failed';
      /** Format: date-time */
      created_at: string;
      url: string;
    };
    MySessionEntry: {
      project_id: string;
      id: string;
      notebook_id: string;
      /** @enum {unknown} */
      mode: 'edit' | 'app';
      user_id: string;
      /** @enum {unknown} */
      state: 'provisioning' | 'running' | 'stopping' | 'stopped' | 'failed';
      /** Format: date-time */
      created_at: string;
      url: string;
    };
    SessionSurface: {
      /** @enum {unknown} */
      id: 'vscode' | 'opencode';
      /** @description What people call it: "VS Code", "OpenCode" */
      title: string;
      /** @enum {unknown} */
      state: 'stopped' | 'starting' | 'running' | 'failed';
      reason: string | null;
      detail: string | null;
      started_at: string | null;
      /**
       * @description How the web UI opens it: in a new tab, or beside the notebook
       * @enum {unknown}
       */
      embed: 'tab' | 'iframe';
      notice: string | null;
    };
    OpenedSurface: components['schemas']['SessionSurface'] & {
      url: string | null;
    };
    IntegrationKind: {
      kind: string;
      name: string;
      description: string;
      scopes: ('project' | 'organization')[];
      fields: {
        key: string;
        name: string;
        /** @enum {unknown} */
        type: 'string' | 'integer' | 'boolean' | 'enum' | 'url';
        required: boolean;
        /** @description Write-only: given in `secrets` as a source, read back as `config.<key>_set` */
        secret: boolean;
        description: string;
        default?: string | number | boolean;
        /** @description enum only */
        values?: string[];
        minimum?: number;
        maximum?: number;
      }[];
      /** @description The sources its secret fields accept that this deployment offers */
      secret_sources: ('stored' | 'environment' | 'file' | 'kubernetes_secret')[];
      testable: boolean;
    };
    Integration: {
      id: string;
      /** @enum {unknown} */
      scope: 'organization' | 'project';
      project_id: string | null;
      kind: string;
      name: string;
      /** @description Its variables are <env_prefix>_<NAME> (docs/integrations.md) */
      env_prefix: string;
      description: string;
      /** @description Non-secret fields, and `<key>_set: true|false` for every secret field */
      config: {
        [key: string]: string | number | boolean;
      };
      /** @description The secret fields that are set, with their source */
      secrets: {
        [key: string]: {
          /** @enum {unknown} */
          source: 'stored' | 'environment' | 'file' | 'kubernetes_secret';
          /** @description environment: the variable of the hub */
          variable?: string;
          /** @description file: the mounted file */
          path?: string;
          /** @description kubernetes_secret: the Secret in the hub's namespace */
          secret?: string;
          /** @description kubernetes_secret: its key */
          key?: string;
        };
      };
      version_id: string;
      version_number: number;
      copied_from: {
        integration_id: string;
        version_id: string;
      } | null;
      /** Format: date-time */
      created_at: string;
      created_by: string;
      /** Format: date-time */
      updated_at: string;
      updated_by: string;
    };
    IntegrationVersion: {
      id: string;
      integration_id: string;
      number: number;
      kind: string;
      name: string;
      env_prefix: string;
      description: string;
      /** @description Non-secret fields, and `<key>_set: true|false` for every secret field */
      config: {
        [key: string]: string | number | boolean;
      };
      /** @description The secret fields that are set, with their source */
      secrets: {
        [key: string]: {
          /** @enum {unknown} */
          source: 'stored' | 'environment' | 'file' | 'kubernetes_secret';
          /** @description environment: the variable of the hub */
          variable?: string;
          /** @description file: the mounted file */
          path?: string;
          /** @description kubernetes_secret: the Secret in the hub's namespace */
          secret?: string;
          /** @description kubernetes_secret: its key */
          key?: string;
        };
      };
      /** @description Secret fields this version set, replaced or removed */
      changed_secrets: string[];
      /** Format: date-time */
      created_at: string;
      created_by: string;
    };
    ConnectionTestResult: {
      ok: boolean;
      /** Format: date-time */
      checked_at: string;
      duration_ms: number;
      /** @description What passed or failed, in words to act on; never a secret */
      message: string;
    };
    DataSource: {
      /** @description What the routes below take as :sid */
      id: string;
      /** @enum {unknown} */
      type: 'objects' | 'database';
      /** @description s3, postgres, mysql (a workspace is reached by its notebook id) */
      kind: string;
      name: string;
      integration_id: string | null;
      notebook_id: string | null;
      /** @description Whether the caller may browse it (integration.use) */
      usable: boolean;
      reason: string | null;
      bucket: string | null;
      database: string | null;
    };
    ObjectPage: {
      bucket: string;
      prefix: string;
      entries: components['schemas']['ObjectEntry'][];
      next_cursor: string | null;
    };
    ObjectEntry:
      | {
          /** @enum {string} */
          type: 'folder';
          prefix: string;
          name: string;
        }
      | {
          /** @enum {string} */
          type: 'object';
          key: string;
          name: string;
          size: number;
          modified: string | null;
          etag: string | null;
        };
    ObjectDetails: {
      key: string;
      name: string;
      size: number;
      modified: string | null;
      content_type: string | null;
      etag: string | null;
      version_id: string | null;
      versions:
        | {
            version_id: string;
            size: number;
            modified: string | null;
            latest: boolean;
            deleted: boolean;
          }[]
        | null;
      format: string | null;
    };
    DataPreview:
      | {
          /** @enum {string} */
          kind: 'table';
          format: string;
          columns: {
            name: string;
            type: string;
            source_type: string | null;
          }[];
          rows: unknown[][];
          total_rows: number | null;
          truncated: boolean;
          notes: string[];
          /** @description Bytes read from the object to answer */
          bytes_read: number;
          size: number;
          duration_ms: number;
        }
      | {
          /** @enum {string} */
          kind: 'text';
          format: string;
          text: string;
          truncated: boolean;
          invalid_utf8: boolean;
          notes: string[];
          /** @description Bytes read from the object to answer */
          bytes_read: number;
          size: number;
          duration_ms: number;
        }
      | {
          /** @enum {string} */
          kind: 'image';
          /** @enum {string} */
          format: 'image';
          content_type: string;
          width: number | null;
          height: number | null;
          notes: string[];
          /** @description Bytes read from the object to answer */
          bytes_read: number;
          size: number;
          duration_ms: number;
        };
    DatabaseTables: {
      tables: {
        schema: string;
        name: string;
        /** @enum {unknown} */
        type: 'table' | 'view';
        row_estimate: number | null;
      }[];
    };
    TableColumns: {
      schema: string;
      name: string;
      columns: {
        name: string;
        type: string;
        nullable: boolean;
      }[];
    };
    QueryResult: {
      columns: {
        name: string;
        type: string;
      }[];
      rows: unknown[][];
      row_count: number;
      truncated: ('rows' | 'bytes') | null;
      duration_ms: number;
    };
    AiQueryAnswer: {
      /** @description For review: never run by the hub on its own */
      sql: string;
      model: string;
      /** @description The AI provider integration asked */
      provider_id: string;
      sent_sample_rows: boolean;
    };
    DataCell: {
      notebook_id: string;
      version_id: string | null;
      session_id: string | null;
      /** @description The cells added, in marimo’s file format */
      code: string;
      /** @description The packages the cells need (declared in the notebook’s PEP 723 header) */
      dependencies: string[];
      /** @description The variable that holds the data */
      variable: string;
    };
    DataCellPreview: {
      /** @description The cells that adding would write, in marimo’s file format */
      code: string;
      /** @description The packages the cells need */
      dependencies: string[];
      /** @description The variable that would hold the data */
      variable: string;
    };
    AuditLogEntry: {
      id: string;
      schema_version: number;
      /** Format: date-time */
      ts: string;
      /** @description What happened, e.g. project.update */
      event: string;
      /** @description The user id of whoever did it, or system */
      actor: string;
      /** @description The project it concerns, if any */
      project_id?: string;
      metadata: {
        [key: string]: unknown;
      };
    };
    AuditLogPage: {
      items: components['schemas']['AuditLogEntry'][];
      next_cursor: string | null;
    };
    PolicyAnalyzerMetadata: {
      /** @enum {number} */
      schema_version: 1;
      max_cases: number;
      capabilities: {
        login_policy: boolean;
        resource_security: boolean;
        live_self_context: boolean;
      };
      entitlements: ('super-admin' | 'project-creator' | 'default-role:viewer' | 'default-role:editor' | 'default-role:manager')[];
      classification_order: string[];
      actions: {
        /** @enum {unknown} */
        action:
          | 'project.create'
          | 'admin.access'
          | 'org-integration.manage'
          | 'audit.global.read'
          | 'directory.search'
          | 'project.read'
          | 'project.update'
          | 'project.delete'
          | 'project.members.manage'
          | 'project.events.read'
          | 'project.alerts.manage'
          | 'notebook.write'
          | 'notebook.manage'
          | 'integration.read'
          | 'integration.use'
          | 'integration.manage'
          | 'change-request.publish'
          | 'security-labels.raise'
          | 'security-labels.lower'
          | 'session.attach'
          | 'session.stop'
          | 'session.surface'
          | 'session.proxy'
          | 'session.start';
        /** @enum {unknown} */
        scope: 'deployment' | 'project' | 'session' | 'session-start';
        minimum_role: ('viewer' | 'editor' | 'manager' | 'admin') | null;
        denied_as: ('not-found' | 'forbidden') | null;
        requires_super_admin: boolean;
      }[];
    };
    /** @description What a caller is cleared for; * in compartments clears every compartment */
    SecurityContext: {
      /** @enum {number} */
      schemaVersion: 1;
      classification: string;
      compartments: string[];
      policyVersion: string;
      /** Format: date-time */
      expiresAt: string;
    };
    PolicySuiteResult: {
      valid: boolean;
      summary: {
        case_count: number;
        passed: number;
        failed: number;
      };
      cases: {
        id: string;
        name: string;
        valid: boolean;
        login: {
          /** @enum {unknown} */
          outcome: 'allow' | 'deny' | 'timeout' | 'error' | 'invalid' | 'unavailable';
          duration_ms: number;
          entitlements: ('super-admin' | 'project-creator' | 'default-role:viewer' | 'default-role:editor' | 'default-role:manager')[];
          reason?: string;
          problem?: string;
          assertion: {
            passed: boolean;
            expected:
              | {
                  /** @enum {string} */
                  outcome: 'allow';
                  /** @description Exactly these, in any order */
                  entitlements?: ('super-admin' | 'project-creator' | 'default-role:viewer' | 'default-role:editor' | 'default-role:manager')[];
                }
              | {
                  /** @enum {string} */
                  outcome: 'deny';
                };
          };
        } | null;
        authorization: {
          decision: {
            allowed: boolean;
            role: ('viewer' | 'editor' | 'manager' | 'admin') | null;
            /** @enum {unknown} */
            category?: 'lifecycle' | 'visibility' | 'role' | 'session' | 'standing' | 'constraint' | 'credential-resource' | 'credential-action';
            /** @enum {unknown} */
            constraint_reason?: 'missing-context' | 'constraint' | 'unavailable';
          };
          /** @enum {unknown} */
          presentation: 'allowed' | 'forbidden' | 'not-found';
          trace: {
            /** @enum {unknown} */
            stage: 'action' | 'lifecycle' | 'role' | 'standing' | 'session' | 'constraint' | 'credential' | 'final';
            /** @enum {unknown} */
            status: 'passed' | 'failed' | 'skipped';
            code: string;
            details?: {
              [key: string]: unknown;
            };
          }[];
          assertion: {
            passed: boolean;
            expected: {
              allowed: boolean;
              /** @enum {unknown} */
              denial_category?: 'lifecycle' | 'visibility' | 'role' | 'session' | 'standing' | 'constraint' | 'credential-resource' | 'credential-action';
            };
          };
        } | null;
        errors: {
          /** @enum {unknown} */
          stage: 'login' | 'authorization';
          code: string;
        }[];
      }[];
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
