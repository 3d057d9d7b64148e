import { ApiError } from '../../../api/errors';
import { fieldErrorsUnder } from '../../../components/field-errors';
import type { Job, JobCreateBody } from '../../../api/jobs';
import { browserTimeZone, parametersText, parseParameters } from './job-format';

/** What the job dialog edits, as its fields hold it (text where the person types). */
export interface JobFormValues {
  name: string;
  scheduled: boolean;
  cron: string;
  timeZone: string;
  onDemand: boolean;
  parameters: string;
  /** Seconds as typed; empty for the deployment's default. */
  timeout: string | number;
  /** Empty for the notebook's own profile. */
  computeProfile: string | null;
  enabled: boolean;
}

export function formValuesOf(job: Job | null): JobFormValues {
  if (!job)
    return {
      name: '',
      scheduled: false,
      cron: '0 7 * * *',
      timeZone: browserTimeZone(),
      onDemand: true,
      parameters: '',
      timeout: '',
      computeProfile: null,
      enabled: true,
    };
  return {
    name: job.name,
    scheduled: job.schedule !== null,
    cron: job.schedule?.cron ?? '0 7 * * *',
    timeZone: job.schedule?.time_zone ?? browserTimeZone(),
    onDemand: job.on_demand,
    parameters: parametersText(job.parameters),
    timeout: job.timeout_seconds ?? '',
    computeProfile: job.compute_profile,
    enabled: job.enabled,
  };
}

/** The request body for the values; every field is sent, so an edit replaces the job's settings as shown. */
export function jobBodyOf(values: JobFormValues): JobCreateBody {
  const timeout = typeof values.timeout === 'number' ? values.timeout : values.timeout.trim() === '' ? null : Number(values.timeout);
  return {
    name: values.name.trim(),
    schedule: values.scheduled ? { cron: values.cron.trim(), time_zone: values.timeZone } : null,
    on_demand: values.onDemand,
    parameters: parseParameters(values.parameters),
    timeout_seconds: timeout,
    compute_profile: values.computeProfile || null,
    enabled: values.enabled,
  };
}

/** The API's messages for one of the job's fields: the service names list items `parameters[2]`, the schema `/parameters/2`. */
export function jobFieldError(error: Error | null, field: string): string | undefined {
  return fieldErrorsUnder(error, field) ?? bracketedFieldError(error, field);
}

function bracketedFieldError(error: Error | null, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const messages = error.details
    .filter((detail) => detail.field.startsWith(`${field}[`))
    .map((detail) => `${detail.field.slice(field.length)} ${detail.message}`);
  return messages.length ? messages.join('; ') : undefined;
}
