import type { PreviewSessionFiles } from './preview-session-files.js';
import type { SessionMode, SessionRecord } from './session-model.js';

/**
 * What a capability adds to sessions (docs/architecture.md, "How to add a capability"): sessions
 * own this interface and know nothing of the capabilities that implement it (VS Code and OpenCode
 * open ports and start beside marimo, Git previews supply a preview session's files, job runs own
 * sandboxes the session sweep must leave alone).
 */
export interface SessionExtension {
  /** Ports a session's sandbox opens beside marimo's, named as the sandbox driver names them. */
  ports?(mode: SessionMode): string[];
  /** Told once a session's sandbox answers, before marimo is set up in it. */
  sandboxReady?(record: SessionRecord): void;
  /** Told of every session this process brought to running. */
  running?(record: SessionRecord): void;
  /** Preview sessions (docs/sessions.md, "Preview sessions"): whether a preview exists, and its files. */
  previews?: PreviewSessions;
  /** Sandboxes of this deployment that are the capability's own, not any session's. */
  ownedSandboxIds?(): Promise<Iterable<string>>;
}

/** Where preview sessions come from: `get` refuses (NOT_FOUND) a preview the notebook does not have. */
export interface PreviewSessions extends PreviewSessionFiles {
  get(projectId: string, notebookId: string, previewId: string): Promise<unknown>;
}

/**
 * The extensions of one hub's sessions. Sessions are built before the capabilities that extend
 * them, so they ask these when a session needs them, not when they are built.
 */
export class SessionExtensions {
  private readonly extensions: SessionExtension[] = [];

  add(extension: SessionExtension): void {
    this.extensions.push(extension);
  }

  ports(mode: SessionMode): string[] {
    return this.extensions.flatMap((extension) => extension.ports?.(mode) ?? []);
  }

  sandboxReady(record: SessionRecord): void {
    for (const extension of this.extensions) extension.sandboxReady?.(record);
  }

  running(record: SessionRecord): void {
    for (const extension of this.extensions) extension.running?.(record);
  }

  /** The preview sessions of the deployment, or undefined where no capability offers them (Git is off). */
  get previews(): PreviewSessions | undefined {
    return this.extensions.find((extension) => extension.previews)?.previews;
  }

  async ownedSandboxIds(): Promise<Set<string>> {
    const owned = new Set<string>();
    for (const extension of this.extensions) for (const id of (await extension.ownedSandboxIds?.()) ?? []) owned.add(id);
    return owned;
  }
}
