import type { RemoteOperation } from '../../api/remotes';
import { formatBytes } from '../notebook/files/bytes';

type Progress = RemoteOperation['progress'];

/** Seconds left, roughly, as a person says it: "about 40 s", "about 3 min", "about 1 h 5 min". */
export function formatEta(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h${rest ? ` ${rest} min` : ''}`;
}

/** How far a transfer is, by bytes when it moves any, else by files; 0 to 100. */
export function progressPercent(progress: Progress): number {
  const [done, total] = progress.bytes_total > 0 ? [progress.bytes_done, progress.bytes_total] : [progress.files_done, progress.files_total];
  if (total === 0) return 0;
  return Math.min(100, Math.round((done / total) * 100));
}

/** "3 of 12 versions and files · 1.2 MB of 40 MB · about 20 s left" (the parts it has). */
export function progressText(progress: Progress, running: boolean): string {
  const parts = [`${progress.files_done} of ${progress.files_total} versions and files`];
  if (progress.bytes_total > 0) parts.push(`${formatBytes(progress.bytes_done)} of ${formatBytes(progress.bytes_total)}`);
  if (running && progress.eta_seconds !== null && progress.eta_seconds > 0) parts.push(`${formatEta(progress.eta_seconds)} left`);
  return parts.join(' · ');
}
