import { Badge, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { capabilitiesQuery } from '../../../api/notebook-access';
import { FormModal, mountedWhileOpen } from '../../../components/FormModal';
import { useFormValues } from '../../../components/use-form-values';
import { useSaveJob, type Job } from '../../../api/jobs';
import { formValuesOf, jobBodyOf, jobFieldError } from './job-form';
import { parseParameters, timeZoneNames } from './job-format';

interface Props {
  pid: string;
  nid: string;
  /** The job to edit, or null for a new one. */
  job: Job | null;
  opened: boolean;
  onClose: () => void;
  onSaved?: (job: Job) => void;
}

/** Creates or changes a job; the API's refusals appear on the fields they concern. Each opening starts from the job as it is now. */
export const JobFormModal = mountedWhileOpen(JobForm);

function JobForm({ pid, nid, job, onClose, onSaved }: Omit<Props, 'opened'>) {
  const { values, set } = useFormValues(formValuesOf(job), true);
  const save = useSaveJob(pid, nid);
  const capabilities = useQuery(capabilitiesQuery);
  const zones = useMemo(timeZoneNames, []);
  const profiles = capabilities.data?.compute_profiles.map((profile) => profile.name) ?? [];
  const defaultTimeout = capabilities.data?.jobs.default_timeout_seconds;
  const maxTimeout = capabilities.data?.jobs.max_timeout_seconds;
  const parameters = parseParameters(values.parameters);
  const error = save.error;

  return (
    <FormModal
      title={job ? `Edit ${job.name}` : 'New job'}
      opened
      onClose={onClose}
      mutation={save}
      request={() => (job ? { jid: job.id, body: jobBodyOf(values) } : { jid: null, body: jobBodyOf(values) })}
      onSuccess={onSaved}
      submitLabel={job ? 'Save' : 'Create'}
      size="lg"
    >
      <TextInput
        label="Name"
        required
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={jobFieldError(error, 'name')}
        data-autofocus
      />
      <Stack gap={6}>
        <Switch label="Run on a schedule" checked={values.scheduled} onChange={(event) => set('scheduled', event.currentTarget.checked)} />
        {values.scheduled && (
          <Group align="flex-start" grow wrap="wrap" gap="sm">
            <TextInput
              label="Cron expression"
              description="Minute, hour, day of month, month, weekday"
              value={values.cron}
              onChange={(event) => set('cron', event.currentTarget.value)}
              error={jobFieldError(error, 'schedule')}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              style={{ minWidth: '14rem' }}
            />
            <Select
              label="Time zone"
              description="The schedule is read in this zone"
              data={zones}
              value={values.timeZone}
              onChange={(zone) => zone && set('timeZone', zone)}
              searchable
              allowDeselect={false}
              style={{ minWidth: '14rem' }}
            />
          </Group>
        )}
      </Stack>
      <Stack gap={4}>
        <Textarea
          label="Parameters"
          description="The notebook's mo.cli_args(): one per line or separated by spaces; quote an argument with spaces"
          placeholder={'--day monday\n--region "north west"'}
          autosize
          minRows={2}
          maxRows={6}
          value={values.parameters}
          onChange={(event) => set('parameters', event.currentTarget.value)}
          error={jobFieldError(error, 'parameters')}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        {parameters.length > 0 && (
          <Group gap={4} aria-label="Arguments the notebook receives" role="list">
            {parameters.map((parameter, index) => (
              <Badge key={index} role="listitem" variant="outline" color="gray" tt="none" ff="monospace" maw="100%" style={{ overflowWrap: 'anywhere' }}>
                {parameter}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
      <Group align="flex-start" grow wrap="wrap" gap="sm">
        <NumberInput
          label="Timeout (seconds)"
          description={defaultTimeout ? `Empty: the hub's default, ${defaultTimeout} s` : "Empty: the hub's default"}
          min={1}
          max={maxTimeout ?? undefined}
          allowDecimal={false}
          value={values.timeout}
          onChange={(value) => set('timeout', value)}
          error={jobFieldError(error, 'timeout_seconds')}
          style={{ minWidth: '14rem' }}
        />
        <Select
          label="Compute profile"
          description="Empty: the notebook's own profile"
          placeholder="The notebook's profile"
          data={profiles}
          value={values.computeProfile}
          onChange={(profile) => set('computeProfile', profile)}
          clearable
          disabled={profiles.length === 0}
          error={jobFieldError(error, 'compute_profile')}
          style={{ minWidth: '14rem' }}
        />
      </Group>
      <SimpleGrid cols={2} spacing="sm">
        <Checkbox
          label="Allow runs on demand"
          description="Run now; needed without a schedule"
          checked={values.onDemand}
          onChange={(event) => set('onDemand', event.currentTarget.checked)}
          error={jobFieldError(error, 'on_demand')}
        />
        <Switch
          label="Enabled"
          description="A disabled job never runs"
          checked={values.enabled}
          onChange={(event) => set('enabled', event.currentTarget.checked)}
        />
      </SimpleGrid>
    </FormModal>
  );
}
