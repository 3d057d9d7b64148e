import { Button, Chip, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { projectsQuery } from '../../api/queries';
import { withComponentStyles } from '../../app/component-styles';
import { EmptyState } from '../../components/EmptyState';
import { ErrorView } from '../../components/ErrorView';
import { LoadingState } from '../../components/LoadingState';
import { LoadMore } from '../../components/LoadMore';
import { useHydrated } from '../../components/use-hydrated';
import { useMe } from '../../components/use-me';
import { ProjectCard } from './ProjectCard';
import { RecentNotebooks } from './RecentNotebooks';

// Loaded when first opened: the dialog (and Mantine's modal under it) is not part of the first page,
// and brings Mantine's whole stylesheet along.
const CreateProjectModal = lazy(withComponentStyles(() => import('./CreateProjectModal').then((module) => ({ default: module.CreateProjectModal }))));
// Drawn only once the app runs (it depends on the browser), so its code need not come with the
// first page: it loads while the page is shown. It is part of the first page all the same, so the
// styles of its components are in styles/first-page.css.
const MySessionsTable = lazy(() => import('../session/MySessionsTable').then((module) => ({ default: module.MySessionsTable })));

/** My projects: loaded page by page, searched and filtered by tag over the loaded pages. */
export function HomePage() {
  const me = useMe();
  const projects = useInfiniteQuery(projectsQuery);
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState<string | null>(null);
  const [creating, createModal] = useDisclosure(false);
  // Sessions and recent notebooks depend on the browser (its storage, more API reads): drawn once the app runs.
  const hydrated = useHydrated();

  const loaded = useMemo(() => projects.data?.pages.flatMap((page) => page.items) ?? [], [projects.data]);
  const tags = useMemo(() => [...new Set(loaded.flatMap((project) => project.tags))].sort(), [loaded]);
  const needle = search.trim().toLowerCase();
  const shown = loaded.filter((project) => (!needle || project.name.toLowerCase().includes(needle)) && (!tag || project.tags.includes(tag)));

  const createButton = me.can_create_projects && <Button onClick={createModal.open}>Create project</Button>;

  let body;
  if (projects.isPending) body = <LoadingState label="Loading projects…" />;
  else if (projects.isError && !projects.isFetchNextPageError) body = <ErrorView error={projects.error} onRetry={() => void projects.refetch()} />;
  else if (loaded.length === 0)
    body = (
      <EmptyState title="No projects yet" action={createButton}>
        A project holds notebooks and the people who work on them.
        {!me.can_create_projects && ' Ask a project admin to add you to one.'}
      </EmptyState>
    );
  else
    body = (
      <Stack gap="md">
        <Group align="flex-end" gap="md">
          <TextInput
            label="Search by name"
            placeholder="Project name"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            type="search"
            w={320}
          />
        </Group>
        {tags.length > 0 && (
          <Group gap="xs" role="group" aria-label="Filter by tag">
            {tags.map((value) => (
              <Chip key={value} size="xs" checked={tag === value} onChange={() => setTag(tag === value ? null : value)}>
                {value}
              </Chip>
            ))}
          </Group>
        )}
        {shown.length === 0 ? (
          <EmptyState title="No matching projects">
            {projects.hasNextPage ? 'None of the loaded projects match; load more to search further.' : 'Change the search or the tag filter.'}
          </EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {shown.map((project) => (
              <ProjectCard key={project.id} project={project} />
            ))}
          </SimpleGrid>
        )}
        <LoadMore pages={projects} />
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <div>
          <Title order={1}>Projects</Title>
          <Text c="dimmed">Projects you are a member of or can see.</Text>
        </div>
        {loaded.length > 0 && createButton}
      </Group>
      {body}
      <Stack gap="lg">
        <section aria-labelledby="home-sessions">
          <Title order={2} size="h3" mb="sm" id="home-sessions">
            My running sessions
          </Title>
          {hydrated ? (
            <Suspense fallback={<LoadingState label="Loading sessions…" />}>
              <MySessionsTable emptyText="Notebooks you open in the editor or as an app run in a session; the ones still running are listed here." />
            </Suspense>
          ) : (
            <LoadingState label="Loading sessions…" />
          )}
        </section>
        <section aria-labelledby="home-recent">
          <Title order={2} size="h3" mb="sm" id="home-recent">
            Recently opened notebooks
          </Title>
          {hydrated ? <RecentNotebooks /> : <LoadingState label="Loading recent notebooks…" />}
        </section>
      </Stack>
      {creating && (
        <Suspense fallback={null}>
          <CreateProjectModal opened onClose={createModal.close} />
        </Suspense>
      )}
    </Stack>
  );
}
