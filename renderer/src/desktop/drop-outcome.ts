import type { OpenPathsAnswer } from './desktop-bridge';

/**
 * Pages whose own drop area takes files (a zip to import, workspace uploads, a policy suite):
 * there, a drop is theirs, not the desktop app's.
 */
const PAGES_WITH_THEIR_OWN_DROP = [/^\/projects\/[^/]+\/import\/?$/, /^\/projects\/[^/]+\/notebooks\/[^/]+\/files(?:\/|$)/, /^\/admin\/policy(?:\/|$)/];

export function pageTakesDrops(pathname: string): boolean {
  return PAGES_WITH_THEIR_OWN_DROP.some((page) => page.test(pathname));
}

/** The last part of a path on disk (either separator: the app may run on Windows). */
export function fileNameOf(filePath: string): string {
  return filePath.split(/[\\/]/).filter(Boolean).pop() ?? filePath;
}

/** What to tell the user about a drop, once the main process has answered. */
export function dropOutcome(answer: OpenPathsAnswer): { title: string; message: string; failed: boolean } {
  const names = answer.opened.map((opened) => fileNameOf(opened.path));
  const failures = answer.failures.map((failure) => failure.message).join('\n');
  if (answer.opened.length === 0) return { title: 'Nothing was imported', message: failures, failed: true };
  const done = answer.opened[0]!.kind === 'folder' ? `Imported the folder ${names[0]}: choose the notebooks to create.` : `Imported ${names.join(', ')}.`;
  if (answer.failures.length === 0) return { title: 'Imported', message: done, failed: false };
  return { title: 'Some files were not imported', message: `${done}\n${failures}`, failed: true };
}
