import { HubError, type FieldProblem } from '../errors.js';
import { LABEL_PATTERN, MAX_COMPARTMENTS, type LabelPolicy, type SecurityLabels } from '../policy/security-labels.js';

export const MAX_TAGS = 50;
const TAG = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/;

/** Problems with project fields that schemas cannot express (trimmed emptiness, duplicates, labels). */
export function projectFieldProblems(fields: { name?: string; tags?: string[]; security_labels?: SecurityLabels | null }, labels: LabelPolicy): FieldProblem[] {
  const problems: FieldProblem[] = [];
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
