import { HubError } from '../errors.js';
import type { Principal } from '../identity/authenticator.js';
import type { OAuthScope } from '../identity/oauth-scopes.js';
import type { PolicyAction } from '../policy/actions.js';

/*
 * What the credential itself allows, whatever its user may do (docs/authentication.md, personal
 * access tokens). The policy decision weighs a token's scope for every action it decides; these
 * cover what no single decision does: a listing across projects, and the session-only routes.
 */

/** A token's action scope only narrows: an action outside it is refused whatever the user may do. */
export function assertTokenAllowsAction(principal: Principal, action: PolicyAction): void {
  const credential = principal.credential;
  if (credential.kind === 'token' && credential.scope.actions !== '*' && !credential.scope.actions.includes(action)) {
    throw new HubError('FORBIDDEN', `this token's scope does not include the action ${action}`);
  }
}

/**
 * Session-only use cases (managing tokens, the sandbox start-up diagnostic): a personal access
 * token is refused, so a leaked token can neither mint more tokens nor start sandboxes.
 */
export function assertBrowserSession(principal: Principal): void {
  if (principal.credential.kind === 'token') {
    throw new HubError('FORBIDDEN', 'this route needs a browser session; personal access tokens are not accepted here');
  }
}

/**
 * An OAuth connection (an MCP client's, a syncing hub's) acts within the scopes its user granted
 * (docs/mcp.md, "Scopes"); a personal access token used at `/mcp` or the sync API is narrowed by
 * its own scope, through the policy decision.
 */
export function assertConnectionAllows(principal: Principal, scope: OAuthScope): void {
  const connection = principal.credential.kind === 'token' ? principal.credential.oauth : undefined;
  if (connection && !connection.scopes.includes(scope)) {
    throw new HubError('FORBIDDEN', `this connection was not granted ${scope}; connect the client again and allow it`);
  }
}
