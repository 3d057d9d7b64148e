import { Select, TextInput } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { NotebookStatusFilter } from '../../api/types';

const LABELS: Record<NotebookStatusFilter, string> = { draft: 'Draft', active: 'Active', archived: 'Archived' };

interface Props {
  value: NotebookStatusFilter;
  onChange: (status: NotebookStatusFilter) => void;
  /** The statuses offered, in order. */
  statuses: readonly NotebookStatusFilter[];
  error: string | undefined;
  style?: CSSProperties;
}

/** The status a new notebook starts with. */
export function NotebookStatusSelect({ value, onChange, statuses, error, style }: Props) {
  return (
    <Select
      label="Status"
      value={value}
      onChange={(chosen) => chosen && onChange(chosen as NotebookStatusFilter)}
      data={statuses.map((status) => ({ value: status, label: LABELS[status] }))}
      allowDeselect={false}
      error={error}
      {...(style ? { style } : {})}
    />
  );
}

/** A new notebook's title (the field the create dialogs open on). */
export function NotebookTitleInput({
  value,
  onChange,
  error,
  style,
}: {
  value: string;
  onChange: (title: string) => void;
  error: string | undefined;
  style?: CSSProperties;
}) {
  return (
    <TextInput
      label="Title"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      required
      maxLength={200}
      data-autofocus
      error={error}
      {...(style ? { style } : {})}
    />
  );
}
