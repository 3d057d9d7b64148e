import { HubError, type FieldProblem } from '../errors.js';
import { LABEL_PATTERN, MAX_COMPARTMENTS, type LabelPolicy, type SecurityLabels } from '../policy/security-labels.js';

export const MAX_TAGS = 50;
const TAG = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/;

/**
 * A federation target (docs/federation.md): the audience of the project's workload tokens, which
 * consumers compare as a string — a client id, a URL or a role ARN. Printable ASCII without spaces.
 */
export const FEDERATION_TARGET = /^[\x21-\x7e]{1,256}$/;

/** Problems with project fields that schemas cannot express (trimmed emptiness, duplicates, labels). */
export function projectFieldProblems(
  fields: { name?: string; tags?: string[]; security_labels?: SecurityLabels | null; federation?: { enabled: boolean; target?: string } | null },
  labels: LabelPolicy,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const federation = fields.federation;
  if (federation?.target !== undefined && !FEDERATION_TARGET.test(federation.target)) {
    problems.push({ field: 'federation.target', message: 'must be 1 to 256 printable characters without spaces (an audience or a role ARN)' });
  } else if (federation?.enabled && federation.target === undefined) {
    problems.push({ field: 'federation.target', message: 'is needed to enable federation: the audience of the tokens, or the role ARN to assume' });
  }
  if (fields.name !== undefined && fields.name.trim() === '') problems.push({ field: 'name', message: 'must not be blank' });
  if (fields.tags) {
    if (fields.tags.length > MAX_TAGS) problems.push({ field: 'tags', message: `at most ${MAX_TAGS} tags` });
    fields.tags.forEach((tag, index) => {
      if (!TAG.test(tag)) problems.push({ field: `tags.${index}`, message: 'letters, digits and ._:/- (namespace:name), at most 100 characters' });
    });
    if (new Set(fields.tags).size !== fields.tags.length) problems.push({ field: 'tags', message: 'lists a tag twice' });
  }
  const security = fields.security_labels;
  if (security) {
    if (labels.classificationOrder.length === 0) {
      problems.push({ field: 'security_labels', message: 'this deployment has no classification levels (SERVICE_CLASSIFICATION_ORDER)' });
    } else if (!labels.classificationOrder.includes(security.classification)) {
      problems.push({ field: 'security_labels.classification', message: `must be one of ${labels.classificationOrder.join(', ')}` });
    }
    if (!LABEL_PATTERN.test(security.classification)) problems.push({ field: 'security_labels.classification', message: 'is not a valid label' });
    if (security.compartments.length > MAX_COMPARTMENTS) problems.push({ field: 'security_labels.compartments', message: `at most ${MAX_COMPARTMENTS}` });
    security.compartments.forEach((compartment, index) => {
      if (!LABEL_PATTERN.test(compartment)) problems.push({ field: `security_labels.compartments.${index}`, message: 'is not a valid label' });
    });
  }
  return problems;
}

export function assertNoProblems(problems: FieldProblem[]): void {
  if (problems.length > 0) {
    throw new HubError('VALIDATION_ERROR', `the request is invalid: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`, problems);
  }
}
