/**
 * Every key the hub writes, in one place. Documented for operators in docs/storage.md.
 *
 *   _system/catalog/pointer              the one mutable pointer (CAS)
 *   _system/catalog/snapshots/<snap>     immutable catalog snapshots
 *   _system/catalog/nodes/<xx>/<hash>    immutable, content-addressed catalog tree nodes
 *   _system/preflight/<probe>            short-lived boot probes
 *   _system/_<lease>.lock                single-owner leases (maintenance loops)
 *   _system/loop-status/<loop>           each loop's last attempt
 *   _system/blob-garbage                 when blob garbage collection last completed a pass
 *   _system/session-index-scan           when the session index scan last completed a pass
 *   _system/secrets/state                which deployment key the sealed secrets are under; migration
 *                                        and rotation progress (docs/secrets-at-rest.md)
 *   _system/hub-id                       this deployment's id in the sync protocol, made once (docs/remotes.md)
 *   _system/sandbox-owner                the deployment id its sandboxes are labelled with, made once (docs/sandboxes.md)
 *   records/projects/<pid>/<rev>         immutable project revisions
 *   records/users/<uid>/<rev>            immutable user revisions
 *   records/notebooks/<pid>/<nid>/<rev>  immutable notebook revisions
 *   content/notebooks/<pid>/<nid>/versions/<vid>/{version,code,snapshot}
 *                                        immutable notebook versions: metadata, code, HTML snapshot
 *   content/workspaces/<pid>/<nid>/head  names a workspace's current manifest (CAS)
 *   content/workspaces/<pid>/<nid>/manifests/<mid>
 *                                        immutable workspace manifests (paths -> blobs)
 *   blobs/sha256/<xx>/<hash>             immutable, content-addressed workspace file contents
 *   imports/<pid>/<iid>/record           immutable notebook import record (what a folder held)
 *   imports/<pid>/<iid>/snapshot         the imported folder's files (paths -> blobs); 24 hours
 *   imports/<pid>/<iid>/notebooks/<n>    per-notebook receipt: which notebook was created (CAS)
 *   auth/sessions/<hash>                 browser login sessions (by hash of the cookie value)
 *   auth/login-flows/<hash>              pending OIDC logins (minutes; the PKCE verifier sealed)
 *   auth/surface-passes/<hash>           tickets (a minute, one use) and grants into a session's surface
 *   auth/session-launches/<hash>         tickets (a minute, one use) another hub asked for to open a session's page (docs/remotes.md)
 *   auth/tokens/<hash>                   personal access tokens (by hash of the token value)
 *   auth/user-tokens/<uid>/<tid>         per-user index of tokens
 *   auth/oauth-clients/<client_id>       MCP clients registered through OAuth (docs/mcp.md)
 *   auth/oauth-requests/<hash>           authorization requests awaiting the user's consent (minutes)
 *   auth/oauth-codes/<hash>              authorization codes (a minute; kept once used, to spot a replay)
 *   auth/oauth-grants/<grant_id>         connected MCP clients: their access and refresh tokens
 *   auth/user-oauth-grants/<uid>/<gid>   per-user index of connected clients
 *   idempotency/<scope>/<hash>           replayable results of create requests (the result sealed)
 *   sessions/<pid>/<sid>                 kernel sessions, their secrets sealed (CAS by whoever changes them)
 *   claims/<pid>/<nid>                   editor claims: one editor per notebook (single owner, CAS)
 *   warm-pool/<sid>                      a started sandbox waiting for the session it reserved an id for (secret sealed)
 *   audit/deployment/<day>/<entry>       deployment audit log (append-only)
 *   audit/projects/<pid>/<day>/<entry>   project audit log (append-only)
 *   jobs/<pid>/<nid>/<jid>               job definitions, with their queue and schedule mark (CAS)
 *   job-runs/<pid>/<jid>/<rid>           job runs (CAS while the run goes on; fixed once it finished)
 *   job-history/<pid>/<jid>/<inv>-<rid>  a job's run history, newest first (<inv>: inverted time)
 *   job-output/<pid>/<jid>/<rid>/{html,log}
 *                                        a run's HTML output and its log
 *   alerts/<pid>/destinations            a project's alert destinations, with their URLs and
 *                                        signing secrets sealed (one object, CAS)
 *   git/<pid>/credentials                a project's Git tokens as older hubs kept them, sealed: read only
 *                                        to move them into the project's Git credentials integration
 *   federation/keys/ring                 the workload identity issuer's signing keys: the current one
 *                                        (its private key sealed) and the public halves of those still
 *                                        published (one object, CAS; docs/federation.md)
 *   secrets/<pid>/<name>                 a project secret: a stored value (sealed) or a reference (CAS)
 *   integrations/<scope>/index           the integrations of a project or of the organization: ids,
 *                                        names and variable prefixes (CAS; <scope>: a project id or
 *                                        `organization`)
 *   integrations/<scope>/<iid>           an integration's current configuration, its stored secrets
 *                                        sealed (CAS; the ETag of the API)
 *   integrations/<scope>/<iid>/versions/<inv>-<vid>
 *                                        its immutable versions, newest first (<inv>: inverted number)
 *   environments/locks/<xx>/<hash>       immutable, content-addressed locks of notebook dependencies
 *                                        (docs/environments.md)
 *   environments/versions/<pid>/<nid>/<vid>
 *                                        a notebook version's lock: its environment identity and
 *                                        packages, or uv's reason it failed (written once)
 *   sync-origins/projects/<hash>         a project another hub's push created, by hash of the pushing
 *                                        user and the project's origin (CAS; docs/remotes.md)
 *   sync-origins/notebooks/<pid>/<hash>  a notebook a push created, by hash of its origin (CAS)
 *   sync-origins/versions/<pid>/<nid>/<hash>
 *                                        a version a push made, by hash of its origin (written once)
 *   remotes/<name>                       a team hub this hub pulls from and pushes to: its address, the
 *                                        signed-in user's tokens sealed (CAS)
 *   remote-sign-ins/<hash>               sign-ins to a team hub awaiting the browser (minutes; the PKCE
 *                                        verifier sealed)
 *   remote-links/<pid>                   where a project came from or went to: the team project, per
 *                                        notebook its bases and the team's last known heads (CAS)
 *   remote-conflicts/<pid>/<nid>         a notebook's conflict with its team notebook: base, mine and
 *                                        theirs, kept until resolved
 *   remote-operations/<uid>/<opid>       a user's pulls and pushes: progress, outcome (CAS; a week
 *                                        after they end)
 *   remote-runs/<uid>/<rrid>/{record,output,log}
 *                                        a user's sessions and job runs on a team hub: its state, the
 *                                        result brought back, a job's output and log (CAS; 30 days)
 */
export const layout = {
  catalogPointer: '_system/catalog/pointer',
  catalogSnapshot: (snapshotId: string) => `_system/catalog/snapshots/${snapshotId}`,
  catalogSnapshotsPrefix: '_system/catalog/snapshots/',
  catalogNode: (nodeId: string) => `_system/catalog/nodes/${nodeId.slice(0, 2)}/${nodeId}`,
  catalogNodesPrefix: '_system/catalog/nodes/',
  preflightProbe: (probeId: string) => `_system/preflight/${probeId}`,
  lease: (name: string) => `_system/_${name}.lock`,
  projectRevision: (projectId: string, revisionId: string) => `records/projects/${projectId}/${revisionId}`,
  projectRevisionsPrefix: (projectId?: string) => (projectId ? `records/projects/${projectId}/` : 'records/projects/'),
  notebookRevision: (projectId: string, notebookId: string, revisionId: string) => `records/notebooks/${projectId}/${notebookId}/${revisionId}`,
  notebookRevisionsPrefix: (projectId?: string, notebookId?: string) =>
    `records/notebooks/${projectId ? `${projectId}/` : ''}${projectId && notebookId ? `${notebookId}/` : ''}`,
  notebookVersionPart: (projectId: string, notebookId: string, versionId: string, part: 'version' | 'code' | 'snapshot') =>
    `content/notebooks/${projectId}/${notebookId}/versions/${versionId}/${part}`,
  notebookVersionsPrefix: (projectId: string, notebookId: string) => `content/notebooks/${projectId}/${notebookId}/versions/`,
  workspaceHead: (projectId: string, notebookId: string) => `content/workspaces/${projectId}/${notebookId}/head`,
  workspaceManifest: (projectId: string, notebookId: string, manifestId: string) => `content/workspaces/${projectId}/${notebookId}/manifests/${manifestId}`,
  workspacePrefix: (projectId: string, notebookId: string) => `content/workspaces/${projectId}/${notebookId}/`,
  workspacesPrefix: 'content/workspaces/',
  blob: (sha256: string) => `blobs/sha256/${sha256.slice(0, 2)}/${sha256}`,
  blobsPrefix: 'blobs/',
  blobGarbageState: '_system/blob-garbage',
  importRecord: (projectId: string, importId: string) => `imports/${projectId}/${importId}/record`,
  importSnapshot: (projectId: string, importId: string) => `imports/${projectId}/${importId}/snapshot`,
  importReceipt: (projectId: string, importId: string, index: number) => `imports/${projectId}/${importId}/notebooks/${index}`,
  importReceiptsPrefix: (projectId: string, importId: string) => `imports/${projectId}/${importId}/notebooks/`,
  importsPrefix: 'imports/',
  session: (projectId: string, sessionId: string) => `sessions/${projectId}/${sessionId}`,
  sessionsPrefix: 'sessions/',
  sessionIndexScanState: '_system/session-index-scan',
  editorClaim: (projectId: string, notebookId: string) => `claims/${projectId}/${notebookId}`,
  editorClaimsPrefix: 'claims/',
  warmSandbox: (sessionId: string) => `warm-pool/${sessionId}`,
  warmPoolPrefix: 'warm-pool/',
  userRevision: (userId: string, revisionId: string) => `records/users/${userId}/${revisionId}`,
  userRevisionsPrefix: (userId?: string) => (userId ? `records/users/${userId}/` : 'records/users/'),
  loginSession: (hash: string) => `auth/sessions/${hash}`,
  loginFlow: (hash: string) => `auth/login-flows/${hash}`,
  loginFlowsPrefix: 'auth/login-flows/',
  surfacePass: (hash: string) => `auth/surface-passes/${hash}`,
  sessionLaunch: (hash: string) => `auth/session-launches/${hash}`,
  sessionLaunchesPrefix: 'auth/session-launches/',
  token: (hash: string) => `auth/tokens/${hash}`,
  userToken: (userId: string, tokenId: string) => `auth/user-tokens/${userId}/${tokenId}`,
  userTokensPrefix: (userId: string) => `auth/user-tokens/${userId}/`,
  oauthClient: (clientId: string) => `auth/oauth-clients/${clientId}`,
  oauthRequest: (hash: string) => `auth/oauth-requests/${hash}`,
  oauthCode: (hash: string) => `auth/oauth-codes/${hash}`,
  oauthGrant: (grantId: string) => `auth/oauth-grants/${grantId}`,
  userOauthGrant: (userId: string, grantId: string) => `auth/user-oauth-grants/${userId}/${grantId}`,
  userOauthGrantsPrefix: (userId: string) => `auth/user-oauth-grants/${userId}/`,
  idempotency: (scope: string, hash: string) => `idempotency/${scope}/${hash}`,
  idempotencyPrefix: 'idempotency/',
  secretsState: '_system/secrets/state',
  hubId: '_system/hub-id',
  sandboxOwner: '_system/sandbox-owner',
  syncProjectOrigin: (hash: string) => `sync-origins/projects/${hash}`,
  syncNotebookOrigin: (projectId: string, hash: string) => `sync-origins/notebooks/${projectId}/${hash}`,
  syncVersionOrigin: (projectId: string, notebookId: string, hash: string) => `sync-origins/versions/${projectId}/${notebookId}/${hash}`,
  syncOriginsPrefix: 'sync-origins/',
  deploymentAuditPrefix: (day?: string) => (day ? `audit/deployment/${day}/` : 'audit/deployment/'),
  projectAuditPrefix: (projectId: string, day?: string) => (day ? `audit/projects/${projectId}/${day}/` : `audit/projects/${projectId}/`),
  alertDestinations: (projectId: string) => `alerts/${projectId}/destinations`,
  alertsPrefix: 'alerts/',
  job: (projectId: string, notebookId: string, jobId: string) => `jobs/${projectId}/${notebookId}/${jobId}`,
  notebookJobsPrefix: (projectId: string, notebookId: string) => `jobs/${projectId}/${notebookId}/`,
  jobsPrefix: 'jobs/',
  jobRun: (projectId: string, jobId: string, runId: string) => `job-runs/${projectId}/${jobId}/${runId}`,
  jobRunsPrefix: (projectId?: string, jobId?: string) => `job-runs/${projectId ? `${projectId}/` : ''}${projectId && jobId ? `${jobId}/` : ''}`,
  jobHistoryEntry: (projectId: string, jobId: string, entry: string) => `job-history/${projectId}/${jobId}/${entry}`,
  jobHistoryPrefix: (projectId?: string, jobId?: string) => `job-history/${projectId ? `${projectId}/` : ''}${projectId && jobId ? `${jobId}/` : ''}`,
  jobRunOutput: (projectId: string, jobId: string, runId: string, part: 'html' | 'log') => `job-output/${projectId}/${jobId}/${runId}/${part}`,
  /** Prefixes that only hold user data; a store with keys here but no catalog needs recovery. */
  gitCredentials: (projectId: string) => `git/${projectId}/credentials`,
  gitSyncToken: (projectId: string, notebookId: string) => `git/${projectId}/sync-tokens/${notebookId}`,
  gitSyncState: (projectId: string, notebookId: string) => `git/${projectId}/sync-state/${notebookId}`,
  gitChangeRequest: (projectId: string, notebookId: string, id: string) => `git/${projectId}/change-requests/${notebookId}/${id}`,
  gitChangeRequestsPrefix: (projectId: string, notebookId: string) => `git/${projectId}/change-requests/${notebookId}/`,
  gitPreview: (projectId: string, notebookId: string, id: string) => `git/${projectId}/previews/${notebookId}/${id}`,
  gitPreviewsPrefix: (projectId: string, notebookId: string) => `git/${projectId}/previews/${notebookId}/`,
  gitPreviewSnapshot: (projectId: string, notebookId: string, id: string, commit: string) => `git/${projectId}/preview-snapshots/${notebookId}/${id}/${commit}`,
  gitPreviewSnapshotsPrefix: (projectId: string, notebookId: string, id: string) => `git/${projectId}/preview-snapshots/${notebookId}/${id}/`,
  gitPrefix: 'git/',
  federationKeyRing: 'federation/keys/ring',
  federationKeysPrefix: 'federation/keys/',
  projectSecret: (projectId: string, name: string) => `secrets/${projectId}/${name}`,
  projectSecretsPrefix: (projectId?: string) => (projectId ? `secrets/${projectId}/` : 'secrets/'),
  integration: (scope: string, integrationId: string) => `integrations/${scope}/${integrationId}`,
  integrationIndex: (scope: string) => `integrations/${scope}/index`,
  integrationVersion: (scope: string, integrationId: string, entry: string) => `integrations/${scope}/${integrationId}/versions/${entry}`,
  integrationVersionsPrefix: (scope: string, integrationId: string) => `integrations/${scope}/${integrationId}/versions/`,
  integrationsPrefix: 'integrations/',
  environmentLock: (sha256: string) => `environments/locks/${sha256.slice(0, 2)}/${sha256}`,
  versionEnvironment: (projectId: string, notebookId: string, versionId: string) => `environments/versions/${projectId}/${notebookId}/${versionId}`,
  environmentsPrefix: 'environments/',
  remote: (name: string) => `remotes/${name}`,
  remotesPrefix: 'remotes/',
  remoteSignIn: (hash: string) => `remote-sign-ins/${hash}`,
  remoteSignInsPrefix: 'remote-sign-ins/',
  remoteLink: (projectId: string) => `remote-links/${projectId}`,
  remoteLinksPrefix: 'remote-links/',
  remoteConflict: (projectId: string, notebookId: string) => `remote-conflicts/${projectId}/${notebookId}`,
  remoteConflictsPrefix: (projectId?: string) => (projectId ? `remote-conflicts/${projectId}/` : 'remote-conflicts/'),
  remoteOperation: (userId: string, operationId: string) => `remote-operations/${userId}/${operationId}`,
  remoteOperationsPrefix: (userId?: string) => (userId ? `remote-operations/${userId}/` : 'remote-operations/'),
  remoteRun: (userId: string, runId: string) => `remote-runs/${userId}/${runId}/record`,
  remoteRunFile: (userId: string, runId: string, file: 'output' | 'log') => `remote-runs/${userId}/${runId}/${file}`,
  remoteRunsPrefix: (userId?: string) => (userId ? `remote-runs/${userId}/` : 'remote-runs/'),
  dataPrefixes: ['records/', 'audit/', 'auth/', 'content/'] as const,
};

/** Catalog keys (inside the catalog tree, not object-store keys). */
export const catalogKeys = {
  project: (projectId: string) => `projects/${projectId}`,
  projectsPrefix: 'projects/',
  deletedProject: (projectId: string) => `deleted-projects/${projectId}`,
  deletedProjectsPrefix: 'deleted-projects/',
  notebook: (projectId: string, notebookId: string) => `notebooks/${projectId}/${notebookId}`,
  notebooksPrefix: (projectId?: string) => (projectId ? `notebooks/${projectId}/` : 'notebooks/'),
  deletedNotebook: (projectId: string, notebookId: string) => `deleted-notebooks/${projectId}/${notebookId}`,
  deletedNotebooksPrefix: 'deleted-notebooks/',
  session: (projectId: string, sessionId: string) => `sessions/${projectId}/${sessionId}`,
  sessionsPrefix: (projectId: string) => `sessions/${projectId}/`,
  allSessionsPrefix: 'sessions/',
  activeSession: (sessionId: string) => `active-sessions/${sessionId}`,
  activeSessionsPrefix: 'active-sessions/',
  userSession: (userId: string, sessionId: string) => `user-sessions/${userId}/${sessionId}`,
  userSessionsPrefix: (userId: string) => `user-sessions/${userId}/`,
  allUserSessionsPrefix: 'user-sessions/',
  appSession: (projectId: string, sessionId: string) => `app-sessions/${projectId}/${sessionId}`,
  appSessionsPrefix: (projectId: string) => `app-sessions/${projectId}/`,
  allAppSessionsPrefix: 'app-sessions/',
  /** The live session ids of a user, and the live app ids of a project, in one entry each: the limit checks read them inside the transaction that indexes a new session. */
  liveSessionIdsOfUser: (userId: string) => `live-session-ids/users/${userId}`,
  liveAppIdsOfProject: (projectId: string) => `live-session-ids/apps/${projectId}`,
  liveSessionIdsPrefix: 'live-session-ids/',
  notebookVersion: (notebookId: string, versionId: string) => `notebook-versions/${notebookId}/${versionId}`,
  notebookVersionsPrefix: (notebookId?: string) => (notebookId ? `notebook-versions/${notebookId}/` : 'notebook-versions/'),
  user: (userId: string) => `users/${userId}`,
  usersPrefix: 'users/',
  userEmail: (email: string) => `user-emails/${encodeURIComponent(email.toLowerCase())}`,
  userEmailsPrefix: (start = '') => `user-emails/${encodeURIComponent(start.toLowerCase())}`,
  userSubject: (subject: string) => `user-subjects/${encodeURIComponent(subject)}`,
  userSubjectsPrefix: 'user-subjects/',
  /** Who may see a project: `user/<uid>`, `email/<e-mail>`, `group/<group>` or `open` (everyone). */
  projectAccess: (kind: 'user' | 'email' | 'group' | 'open', subject: string, projectId: string) =>
    kind === 'open'
      ? `project-access/open/${projectId}`
      : `project-access/${kind}/${encodeURIComponent(kind === 'email' ? subject.toLowerCase() : subject)}/${projectId}`,
  projectAccessPrefix: (kind: 'user' | 'email' | 'group' | 'open', subject = '') =>
    kind === 'open' ? 'project-access/open/' : `project-access/${kind}/${encodeURIComponent(kind === 'email' ? subject.toLowerCase() : subject)}/`,
  grantedSuperAdmin: (userId: string) => `super-admins/${userId}`,
  grantedSuperAdminsPrefix: 'super-admins/',
};
