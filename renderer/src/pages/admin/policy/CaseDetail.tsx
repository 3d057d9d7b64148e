import { Badge, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import type { PolicyCaseResult } from '../../../api/admin-types';
import { DataTable, type Column } from '../../../components/DataTable';
import { StatusBadge } from '../health/StatusBadge';
import { ProblemAlert } from '../ProblemAlert';

type Login = NonNullable<PolicyCaseResult['login']>;
type Authorization = NonNullable<PolicyCaseResult['authorization']>;

function Assertion({ passed, expected }: { passed: boolean; expected: object }) {
  return (
    <Group gap="xs">
      <Badge color={passed ? 'green' : 'red'} variant="dot">
        {passed ? 'as expected' : 'not as expected'}
      </Badge>
      <Text size="xs">expected</Text>
      <Code>{JSON.stringify(expected)}</Code>
    </Group>
  );
}

function LoginResult({ login }: { login: Login }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        Login
      </Title>
      <Text size="sm">
        Outcome <b>{login.outcome}</b> in {Math.round(login.duration_ms)} ms; entitlements {login.entitlements.length ? login.entitlements.join(', ') : 'none'}.
      </Text>
      {login.reason && <Text size="sm">Reason: {login.reason}</Text>}
      {login.problem && (
        <Text size="sm" fw={600}>
          Problem: {login.problem}
        </Text>
      )}
      <Assertion passed={login.assertion.passed} expected={login.assertion.expected} />
    </Stack>
  );
}

type TraceStep = Authorization['trace'][number] & { number: number };

const TRACE_COLUMNS: Column<TraceStep>[] = [
  { header: '#', width: 40, cell: (step) => step.number },
  { header: 'Stage', width: 110, cell: (step) => step.stage },
  { header: 'Result', width: 120, cell: (step) => <StatusBadge status={step.status} /> },
  { header: 'Code', mono: true, cell: (step) => step.code },
  {
    header: 'Details',
    cell: (step) =>
      step.details && Object.keys(step.details).length > 0 ? (
        <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{JSON.stringify(step.details)}</Code>
      ) : (
        '—'
      ),
  },
];

function AuthorizationResult({ authorization }: { authorization: Authorization }) {
  const { decision } = authorization;
  return (
    <Stack gap={6}>
      <Title order={3} size="h6">
        Authorization
      </Title>
      <Text size="sm">
        {decision.allowed ? 'Allowed' : 'Denied'}
        {decision.role && ` with role ${decision.role}`}
        {decision.category && `, category ${decision.category}`}
        {decision.constraint_reason && ` (${decision.constraint_reason})`}; the API would answer <b>{authorization.presentation}</b>.
      </Text>
      <Assertion passed={authorization.assertion.passed} expected={authorization.assertion.expected} />
      <DataTable
        label="Decision trace"
        columns={TRACE_COLUMNS}
        rows={authorization.trace.map((step, index) => ({ ...step, number: index + 1 }))}
        rowKey={(step) => `${step.number}-${step.stage}`}
        spacing={4}
        withTableBorder
      />
    </Stack>
  );
}

/** One case: why it is invalid, or what the login and authorization stages decided, with the decision trace step by step. */
export function CaseDetail({ result }: { result: PolicyCaseResult }) {
  return (
    <Stack gap="md">
      {result.errors.length > 0 && (
        <ProblemAlert title={result.valid ? 'Errors' : 'This case is invalid'} announce={false}>
          <List size="sm">
            {result.errors.map((error) => (
              <List.Item key={`${error.stage}:${error.code}`}>
                {error.stage}: <Code>{error.code}</Code>
              </List.Item>
            ))}
          </List>
        </ProblemAlert>
      )}
      {result.login && <LoginResult login={result.login} />}
      {result.authorization && <AuthorizationResult authorization={result.authorization} />}
    </Stack>
  );
}
