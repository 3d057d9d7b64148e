import { HubError, type FieldProblem } from '../../../core/errors.js';
import type { AlertDestinationType } from './destination-records.js';
import { urlProblem, type OutboundPolicy } from '../../../core/outbound/outbound-policy.js';

export interface AlertDestinationInput {
  type: AlertDestinationType;
  name: string;
  kinds: string[];
  enabled?: boolean;
  /** `slack`: the incoming-webhook URL. */
  webhook_url?: string;
  /** `webhook`: the receiver URL and the secret its deliveries are signed with. */
  url?: string;
  signing_secret?: string;
}

export type AlertDestinationPatch = Partial<Omit<AlertDestinationInput, 'type'>>;

export const NAME_MAX = 100;
export const KIND_MAX_LENGTH = 64;
export const KINDS_MAX = 32;
export const SECRET_MIN = 16;
export const SECRET_MAX = 256;

/** The field that carries the URL of a destination type. */
export function endpointFieldOf(type: AlertDestinationType): 'webhook_url' | 'url' {
  return type === 'slack' ? 'webhook_url' : 'url';
}

function checkName(name: string, problems: FieldProblem[]): string {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > NAME_MAX) problems.push({ field: 'name', message: `must be 1 to ${NAME_MAX} characters` });
  return trimmed;
}

/** Kinds are kept as given (trimmed, without repeats); unknown ones are stored but read as `unknown`. */
function checkKinds(kinds: string[], problems: FieldProblem[]): string[] {
  const unique = [...new Set(kinds.map((kind) => kind.trim()))];
  if (unique.length < 1) problems.push({ field: 'kinds', message: 'must name at least one alert kind' });
  if (unique.length > KINDS_MAX) problems.push({ field: 'kinds', message: `must name at most ${KINDS_MAX} kinds` });
  if (unique.some((kind) => kind.length < 1 || kind.length > KIND_MAX_LENGTH)) {
    problems.push({ field: 'kinds', message: `each kind must be 1 to ${KIND_MAX_LENGTH} characters` });
  }
  return unique;
}

function checkUrl(field: string, url: string, policy: OutboundPolicy, problems: FieldProblem[]): string {
  const problem = urlProblem(url, policy, 'alert deliveries');
  if (problem) problems.push({ field, message: problem });
  return url;
}

function checkSecret(secret: string, problems: FieldProblem[]): void {
  if (secret.length < SECRET_MIN || secret.length > SECRET_MAX) {
    problems.push({ field: 'signing_secret', message: `must be ${SECRET_MIN} to ${SECRET_MAX} characters` });
  }
}

/** Fields that belong to the other destination type. */
function foreignFields(type: AlertDestinationType, input: AlertDestinationPatch, problems: FieldProblem[]): void {
  const foreign = type === 'slack' ? (['url', 'signing_secret'] as const) : (['webhook_url'] as const);
  for (const field of foreign) {
    if (input[field] !== undefined) problems.push({ field, message: `does not apply to ${type} destinations` });
  }
}

function assertNoProblems(problems: FieldProblem[]): void {
  if (problems.length > 0) {
    throw new HubError('VALIDATION_ERROR', `the alert destination is invalid: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`, problems);
  }
}

export function checkCreate(input: AlertDestinationInput, policy: OutboundPolicy): { name: string; kinds: string[]; url: string } {
  const problems: FieldProblem[] = [];
  const name = checkName(input.name, problems);
  const kinds = checkKinds(input.kinds, problems);
  foreignFields(input.type, input, problems);
  const field = endpointFieldOf(input.type);
  const raw = input[field];
  if (raw === undefined) problems.push({ field, message: `is required for ${input.type} destinations` });
  const url = raw === undefined ? '' : checkUrl(field, raw, policy, problems);
  if (input.type === 'webhook') {
    if (input.signing_secret === undefined) problems.push({ field: 'signing_secret', message: 'is required for webhook destinations' });
    else checkSecret(input.signing_secret, problems);
  }
  assertNoProblems(problems);
  return { name, kinds, url };
}

export function checkPatch(
  type: AlertDestinationType,
  patch: AlertDestinationPatch,
  policy: OutboundPolicy,
): { name?: string; kinds?: string[]; url?: string } {
  const problems: FieldProblem[] = [];
  foreignFields(type, patch, problems);
  const field = endpointFieldOf(type);
  const raw = patch[field];
  const checked = {
    ...(patch.name !== undefined ? { name: checkName(patch.name, problems) } : {}),
    ...(patch.kinds !== undefined ? { kinds: checkKinds(patch.kinds, problems) } : {}),
    ...(raw !== undefined ? { url: checkUrl(field, raw, policy, problems) } : {}),
  };
  if (type === 'webhook' && patch.signing_secret !== undefined) checkSecret(patch.signing_secret, problems);
  assertNoProblems(problems);
  return checked;
}
