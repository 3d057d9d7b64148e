import { Type } from 'typebox';
import { principalOf } from '../../../http/auth/authenticate.js';
import { ProjectIdParams } from '../../../http/routes/project-schemas.js';
import { Envelope, Failure } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import type { TrustPolicyUseCases } from '../core/trust-policy-use-cases.js';

export const TrustPolicies = Type.Object(
  {
    issuer: Type.String({ description: 'The issuer URL: what the tokens name as `iss`, and what the consumer registers' }),
    audience: Type.String({ description: 'The project’s federation target: the tokens’ `aud`' }),
    subject_pattern: Type.String({ description: 'What the subject of every token of the project matches (`project:<pid>:*`)' }),
    examples: Type.Array(
      Type.Object({
        provider: Type.Enum(['aws', 'seaweedfs']),
        name: Type.String(),
        policy: Type.Object(
          {},
          {
            additionalProperties: true,
            description: 'aws: the role’s trust policy; seaweedfs: the provider and a role trusting it, for the S3 gateway’s -s3.iam.config',
          },
        ),
      }),
    ),
  },
  { $id: 'TrustPolicies' },
);

/** The project's example trust policies (docs/federation.md, "Trust policies"), for its managers. */
export function trustPolicyRoutes(app: HubApp, services: { useCases: { trustPolicies: TrustPolicyUseCases } }): void {
  app.get(
    '/api/v1/projects/:pid/federation/trust-policies',
    {
      schema: {
        tags: ['Projects'],
        summary: 'Example trust policies for the project’s workload identity, filled in with the issuer, its target and its subjects',
        description:
          'For whoever may change the project (project.update). NOT_FOUND where SERVICE_FEDERATION=off; CONFLICT while the project has no federation target; SERVICE_UNAVAILABLE where the hub has no usable issuer address.',
        params: ProjectIdParams,
        response: {
          200: Envelope(TrustPolicies),
          409: Failure('The project has no federation target (CONFLICT)'),
          503: Failure('The hub has no usable workload identity issuer address (SERVICE_UNAVAILABLE)'),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await services.useCases.trustPolicies.forProject(principalOf(request), { projectId: request.params.pid }),
    }),
  );
}
