import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const TIME_DIGITS = 9;

/**
 * A 16-character id: 9 base-36 digits of the creation time in milliseconds, then 7 random ones.
 * Ids of one kind therefore sort by creation time, which lets "newest first" listings walk keys
 * in reverse without a separate index (36^9 ms lasts until the year 5000).
 */
export function timeOrderedId(now: number = Date.now()): string {
  let random = '';
  for (let i = 0; i < 16 - TIME_DIGITS; i++) random += ALPHABET[randomInt(ALPHABET.length)];
  return now.toString(36).padStart(TIME_DIGITS, '0').slice(-TIME_DIGITS) + random;
}

export const newProjectId = (now?: number) => `proj-${timeOrderedId(now)}`;
export const newSnapshotId = (now?: number) => `snap-${timeOrderedId(now)}`;
export const newRevisionId = (now?: number) => `rev-${timeOrderedId(now)}`;
export const newUserId = (now?: number) => `usr-${timeOrderedId(now)}`;
export const newTokenId = (now?: number) => `tok-${timeOrderedId(now)}`;
export const newNotebookId = (now?: number) => `nb-${timeOrderedId(now)}`;
export const newVersionId = (now?: number) => `ver-${timeOrderedId(now)}`;
export const newSessionId = (now?: number) => `ses-${timeOrderedId(now)}`;
export const newImportId = (now?: number) => `imp-${timeOrderedId(now)}`;
export const newPreviewId = (now?: number) => `prv-${timeOrderedId(now)}`;
export const newChangeRequestId = (now?: number) => `cr-${timeOrderedId(now)}`;

export const PROJECT_ID_PATTERN = /^proj-[0-9a-z]{16}$/;
export const SNAPSHOT_ID_PATTERN = /^snap-[0-9a-z]{16}$/;
export const USER_ID_PATTERN = /^usr-[0-9a-z]{16}$/;
export const TOKEN_ID_PATTERN = /^tok-[0-9a-z]{16}$/;
export const NOTEBOOK_ID_PATTERN = /^nb-[0-9a-z]{16}$/;
export const VERSION_ID_PATTERN = /^ver-[0-9a-z]{16}$/;
export const SESSION_ID_PATTERN = /^ses-[0-9a-z]{16}$/;
export const PREVIEW_ID_PATTERN = /^prv-[0-9a-z]{16}$/;
export const IMPORT_ID_PATTERN = /^imp-[0-9a-z]{16}$/;
