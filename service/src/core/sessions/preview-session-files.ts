/**
 * Where a preview session's files come from (docs/sessions.md, "Preview sessions"): a Git preview
 * of the notebook, not its versions or workspace. Git previews supply it; where Git is off there is
 * none and no preview session starts.
 */
export interface PreviewSessionFiles {
  /**
   * Writes the preview's files into the sandbox, the entry notebook last at the session's
   * `entry_file` (the preview is prepared first when it is not ready); answers the entry notebook's code.
   */
  writeInto(sandboxId: string, session: { project_id: string; notebook_id: string; preview_id: string; entry_file: string }): Promise<string>;
}
