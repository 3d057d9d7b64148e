import { Autocomplete, Group, Input, Radio, SegmentedControl, SimpleGrid, Text, TextInput, defaultOptionsFilter, type OptionsFilter } from '@mantine/core';
import type { GitProvider, SyncMode } from '../../../api/git';
import { fieldError } from '../../../components/FormError';
import { isRepoUrl, shortCommit } from './source-format';

/** The request fields SourceFields shows the API's messages at. */
export const SOURCE_FIELDS = ['repo', 'provider', 'branch', 'root_path', 'entry_notebook', 'sync_mode'] as const;

export interface SourceValues {
  repo: string;
  provider: GitProvider;
  branch: string;
  root_path: string;
  entry_notebook: string;
  sync_mode: SyncMode;
}

interface Branches {
  /** The repository's branches, for suggestions; any other name may still be typed. */
  list: { name: string; commit: string }[];
  /** What the field says under it: whose branches these are, or why there are none. */
  note: string;
}

interface Props {
  values: SourceValues;
  onChange: <K extends keyof SourceValues>(field: K, value: SourceValues[K]) => void;
  error: Error | null;
  branches?: Branches;
  /** The provider stays what it is (a notebook's source keeps the provider it was created with). */
  providerFixed?: boolean;
}

const MONO = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** Every branch while the field still holds the name it opened with; once typed into, the matching ones. */
const branchFilter =
  (initial: string): OptionsFilter =>
  (input) =>
    input.search === initial ? input.options : defaultOptionsFilter(input);

/** Where a Git notebook reads from and who syncs it: the fields shared by creating one and changing its source. */
export function SourceFields({ values, onChange, error, branches, providerFixed = false }: Props) {
  const byUrl = isRepoUrl(values.repo);
  // Short notes, one line each, so that the fields side by side keep their inputs level.
  let providerNote = 'Where owner/repo is';
  if (byUrl) providerNote = 'A URL names its host itself';
  else if (providerFixed) providerNote = 'Fixed once the notebook is created';
  const commits = new Map(branches?.list.map((branch) => [branch.name, branch.commit]));
  return (
    <>
      <TextInput
        label="Repository"
        description="owner/repo on GitHub or GitLab, or the https:// URL of any Git repository"
        placeholder="acme/analytics"
        value={values.repo}
        onChange={(event) => onChange('repo', event.currentTarget.value)}
        required
        maxLength={2048}
        error={fieldError(error, 'repo')}
        styles={MONO}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Input.Wrapper label="Provider" description={providerNote} error={fieldError(error, 'provider')}>
          <div>
            <SegmentedControl
              aria-label="Provider"
              value={values.provider}
              onChange={(value) => onChange('provider', value as GitProvider)}
              disabled={byUrl || providerFixed}
              data={[
                { value: 'github', label: 'GitHub' },
                { value: 'gitlab', label: 'GitLab' },
              ]}
              mt={4}
            />
          </div>
        </Input.Wrapper>
        {branches ? (
          <Autocomplete
            label="Branch"
            description={branches.note}
            value={values.branch}
            onChange={(value) => onChange('branch', value)}
            data={branches.list.map((branch) => branch.name)}
            filter={branchFilter(values.branch)}
            renderOption={({ option }) => (
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm" w="100%">
                {/* Wrapped, not cut: the list grows to its longest line, so a cut name would still push its commit out of view. */}
                <Text size="sm" style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
                  {option.value}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace" mt={2} style={{ flexShrink: 0 }}>
                  {shortCommit(commits.get(option.value) ?? '')}
                </Text>
              </Group>
            )}
            maxDropdownHeight={240}
            scrollAreaProps={{ scrollbars: 'y' }}
            required
            maxLength={200}
            error={fieldError(error, 'branch')}
            styles={MONO}
          />
        ) : (
          <TextInput
            label="Branch"
            description="The branch to follow"
            value={values.branch}
            onChange={(event) => onChange('branch', event.currentTarget.value)}
            required
            maxLength={200}
            error={fieldError(error, 'branch')}
            styles={MONO}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Folder in the repository"
          description="Empty for the whole repository"
          placeholder="reports/weekly"
          value={values.root_path}
          onChange={(event) => onChange('root_path', event.currentTarget.value)}
          maxLength={1000}
          error={fieldError(error, 'root_path')}
          styles={MONO}
        />
        <TextInput
          label="Entry notebook"
          description="A marimo .py file in the folder"
          placeholder="report.py"
          value={values.entry_notebook}
          onChange={(event) => onChange('entry_notebook', event.currentTarget.value)}
          required
          maxLength={1000}
          error={fieldError(error, 'entry_notebook')}
          styles={MONO}
        />
      </SimpleGrid>
      <Radio.Group
        label="Sync mode"
        value={values.sync_mode}
        onChange={(value) => onChange('sync_mode', value as SyncMode)}
        error={fieldError(error, 'sync_mode')}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt={6}>
          <Radio value="pull" label="Pull: the hub keeps it in sync" description="The hub looks for new commits every few minutes." />
          <Radio value="push" label="Push: your CI calls the hub after each push" description="The notebook gets a sync URL and a token for your CI." />
        </SimpleGrid>
      </Radio.Group>
    </>
  );
}
