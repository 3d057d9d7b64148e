import type { DataSource } from '../../../api/data-browser';
import { KindIcon } from '../../integrations/KindIcon';

/** A source's icon: its integration kind's, or a folder for a notebook's workspace. */
export function SourceIcon({ kind, size = 32 }: { kind: DataSource['kind']; size?: number }) {
  return <KindIcon kind={kind} size={size} />;
}
