import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import type { AuditFilter } from '../../../api/admin-types';
import { fieldError } from '../../../components/FormError';

interface Props {
  filter: AuditFilter;
  onApply: (filter: AuditFilter) => void;
  /** The failed search: its field messages go on the fields. */
  error: Error | null;
}

/** The audit log's filters. They apply on submit, so typing does not query the log on every key. */
export function AuditFilters({ filter, onApply, error }: Props) {
  const [draft, setDraft] = useState<AuditFilter>(filter);
  useEffect(() => setDraft(filter), [filter]);
  const set = (field: keyof AuditFilter) => (event: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [field]: event.currentTarget.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form onSubmit={submit} aria-label="Audit log filters">
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
        <TextInput label="Event" placeholder="project.update" value={draft.event ?? ''} onChange={set('event')} error={fieldError(error, 'event')} />
        <TextInput label="Actor" placeholder="usr-… or system" value={draft.actor ?? ''} onChange={set('actor')} error={fieldError(error, 'actor')} />
        <TextInput label="Project" placeholder="proj-…" value={draft.project_id ?? ''} onChange={set('project_id')} error={fieldError(error, 'project_id')} />
        <TextInput label="From (UTC day)" type="date" value={draft.from ?? ''} onChange={set('from')} error={fieldError(error, 'from')} />
        <TextInput label="To (UTC day)" type="date" value={draft.to ?? ''} onChange={set('to')} error={fieldError(error, 'to')} />
      </SimpleGrid>
      <Group mt="sm" gap="sm">
        <Button type="submit">Apply filters</Button>
        <Button variant="default" onClick={() => onApply({})}>
          Clear
        </Button>
      </Group>
    </form>
  );
}
