// Remotes (docs/remotes.md). What other code may use of this feature; everything else in its folder is its own.
export { remotesFeature, type RemoteHubWiring } from './feature.js';
export type { RemoteHub, RemoteHubConnection, RemoteHubFactory } from './core/remote-hub.js';
export { RemoteHubError } from './core/remote-hub.js';
export type { SignInTarget } from './core/remote-use-cases.js';
export { listenForSignIn, type CallbackPage, type LoopbackCallback } from './adapters/loopback-callback.js';
export { createHttpRemoteHub } from './adapters/http-remote-hub.js';
