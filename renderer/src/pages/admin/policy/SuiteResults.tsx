import { Accordion, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PolicyCaseResult, PolicySuiteResult } from '../../../api/admin-types';
import { CaseDetail } from './CaseDetail';
import { STILL } from './still-accordion';

export function casePassed(result: PolicyCaseResult): boolean {
  return result.valid && result.errors.length === 0 && (result.login?.assertion.passed ?? true) && (result.authorization?.assertion.passed ?? true);
}

/** The suite's summary, then one expandable row per case; failed cases open by default. */
export function SuiteResults({ result }: { result: PolicySuiteResult }) {
  const { summary } = result;
  return (
    <Stack gap="sm" component="section" aria-labelledby="policy-results">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="policy-results">
            Results
          </Title>
          <Group gap="xs">
            {!result.valid && (
              <Badge color="red" variant="dot">
                suite invalid
              </Badge>
            )}
            <Badge color="green" variant="dot">
              {summary.passed} passed
            </Badge>
            <Badge color={summary.failed > 0 ? 'red' : 'gray'} variant="dot">
              {summary.failed} failed
            </Badge>
            <Text size="sm" c="dimmed">
              of {summary.case_count}
            </Text>
          </Group>
        </Group>
      </Paper>
      <Accordion multiple variant="separated" {...STILL} defaultValue={result.cases.filter((c) => !casePassed(c)).map((c) => c.id)}>
        {result.cases.map((entry) => {
          const passed = casePassed(entry);
          return (
            <Accordion.Item key={entry.id} value={entry.id}>
              <Accordion.Control>
                <Group gap="sm" wrap="nowrap">
                  <Badge color={passed ? 'green' : 'red'} variant="dot" miw={72} style={{ flexShrink: 0 }}>
                    {passed ? 'pass' : 'fail'}
                  </Badge>
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate="end">
                      {entry.name}
                    </Text>
                    <Text size="xs" ff="monospace" truncate="end">
                      {entry.id}
                    </Text>
                  </div>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <CaseDetail result={entry} />
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
