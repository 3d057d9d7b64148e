import { Badge, Code, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import type { PolicyCaseResult } from '../../../api/admin-types';
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
      <Table withTableBorder verticalSpacing={4} aria-label="Decision trace">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th w={110}>Stage</Table.Th>
            <Table.Th w={120}>Result</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {authorization.trace.map((step, index) => (
            <Table.Tr key={`${index}-${step.stage}`}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>{step.stage}</Table.Td>
              <Table.Td>
                <StatusBadge status={step.status} />
              </Table.Td>
              <Table.Td ff="monospace">{step.code}</Table.Td>
              <Table.Td>
                {step.details && Object.keys(step.details).length > 0 ? (
                  <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{JSON.stringify(step.details)}</Code>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
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
