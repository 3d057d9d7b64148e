import { Type } from 'typebox';
import type { ProjectRole } from '../../core/policy/table.js';
import type { ProjectRevision } from '../../core/projects/project-records.js';
import type { VisibleProject } from '../../core/projects/project-listing.js';
import { DateTime, Nullable } from '../schemas.js';

const LABEL = '^[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}$';
export const AssignableRole = Type.Enum(['manager', 'editor', 'viewer']);
export const ProjectIdParams = Type.Object({ pid: Type.String({ pattern: '^proj-[0-9a-z]{16}$' }) });

export const ProjectMember = Type.Object(
  { role: Type.Enum(['admin', 'manager', 'editor', 'viewer']), user_id: Type.Optional(Type.String()), email: Type.Optional(Type.String()) },
  { $id: 'ProjectMember' },
);
export const GroupMember = Type.Object({ group: Type.String(), role: AssignableRole }, { $id: 'GroupMember' });
export const SecurityLabels = Type.Object(
  { classification: Type.String({ pattern: LABEL }), compartments: Type.Array(Type.String({ pattern: LABEL }), { maxItems: 64 }) },
  { $id: 'SecurityLabels', additionalProperties: false },
);
export const ProjectFederation = Type.Object(
  // An audience or a role ARN: what the project's workload tokens are for (docs/federation.md).
  { enabled: Type.Boolean(), target: Type.Optional(Type.String({ minLength: 1, maxLength: 256, pattern: '^[!-~]+$' })) },
  { $id: 'ProjectFederation', additionalProperties: false },
);
const YourRole = Nullable(Type.Enum(['admin', 'manager', 'editor', 'viewer']));

export const Project = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    owner: Type.String(),
    members: Type.Array(ProjectMember),
    group_members: Type.Array(GroupMember),
    status: Type.Enum(['active', 'deleted']),
    created_at: DateTime,
    updated_at: DateTime,
    tags: Type.Array(Type.String()),
    default_role: Nullable(AssignableRole),
    federation: Type.Optional(ProjectFederation),
    security_labels: Type.Optional(SecurityLabels),
    your_role: YourRole,
  },
  { $id: 'Project' },
);

export const ProjectListEntry = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    owner: Type.String(),
    status: Type.Enum(['active', 'deleted']),
    created_at: DateTime,
    updated_at: DateTime,
    notebook_count: Type.Number(),
    tags: Type.Array(Type.String()),
    your_role: YourRole,
  },
  { $id: 'SnapshotProjectEntry' },
);

const projectFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.String({ maxLength: 2000 }),
  tags: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 }),
  default_role: Nullable(AssignableRole),
  federation: Nullable(ProjectFederation),
  security_labels: Nullable(SecurityLabels),
};

export const ProjectCreate = Type.Object(
  {
    name: projectFields.name,
    description: Type.Optional(projectFields.description),
    tags: Type.Optional(projectFields.tags),
    default_role: Type.Optional(projectFields.default_role),
    federation: Type.Optional(projectFields.federation),
    security_labels: Type.Optional(projectFields.security_labels),
  },
  { additionalProperties: false },
);

export const ProjectPatch = Type.Object(
  {
    name: Type.Optional(projectFields.name),
    description: Type.Optional(projectFields.description),
    tags: Type.Optional(projectFields.tags),
    default_role: Type.Optional(projectFields.default_role),
    federation: Type.Optional(projectFields.federation),
    security_labels: Type.Optional(projectFields.security_labels),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const MemberAdd = Type.Object(
  {
    user_id: Type.Optional(Type.String({ pattern: '^usr-[0-9a-z]{16}$' })),
    email: Type.Optional(Type.String({ minLength: 3, maxLength: 320, pattern: '^[^\\s@]+@[^\\s@]+$' })),
    role: AssignableRole,
  },
  { additionalProperties: false },
);

export const RoleChange = Type.Object({ role: AssignableRole }, { additionalProperties: false });
export const GroupMemberAdd = Type.Object(
  { group: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._:@ -]{0,127}$' }), role: AssignableRole },
  { additionalProperties: false },
);

/** The owner leads the member list as the project's admin. */
export function membersOf(project: ProjectRevision) {
  return [{ role: 'admin' as const, user_id: project.owner, email: project.owner_email }, ...project.members];
}

export function projectOf(project: ProjectRevision, yourRole: ProjectRole | null) {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    owner: project.owner,
    members: membersOf(project),
    group_members: project.group_members,
    status: project.status,
    created_at: project.created_at,
    updated_at: project.updated_at,
    tags: project.tags,
    default_role: project.default_role,
    ...(project.federation ? { federation: project.federation } : {}),
    ...(project.security_labels ? { security_labels: project.security_labels } : {}),
    your_role: yourRole,
  };
}

export function listEntryOf(project: VisibleProject) {
  const { id, name, description, owner, status, created_at, updated_at, notebook_count, tags, your_role } = project;
  return { id, name, description, owner, status, created_at, updated_at, notebook_count, tags, your_role };
}
