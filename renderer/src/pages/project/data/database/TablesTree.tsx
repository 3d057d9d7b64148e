import { Badge, CloseButton, NavLink, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DatabaseTable, DataSource } from '../../../../api/data-browser';
import { useDataContext } from '../data-context';
import { dataLinks } from '../data-links';
import classes from './DatabaseBrowser.module.css';
import { rowEstimate } from './sql';

interface Props {
  source: DataSource;
  tables: DatabaseTable[];
  selected: { schema: string; table: string } | null;
}

/** The database's schemas, each with its tables and views and their row estimates; a filter by name above. */
export function TablesTree({ source, tables, selected }: Props) {
  const { project } = useDataContext();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = needle ? tables.filter((table) => `${table.schema}.${table.name}`.toLowerCase().includes(needle)) : tables;
  const schemas = [...new Set(shown.map((table) => table.schema))];
  return (
    <Stack gap="xs">
      <TextInput
        aria-label="Filter tables"
        placeholder="Filter tables"
        size="xs"
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        rightSection={filter ? <CloseButton size="xs" aria-label="Clear the filter" onClick={() => setFilter('')} /> : null}
      />
      <nav aria-label={`Tables of ${source.name}`} className={classes.tree}>
        {schemas.length === 0 && (
          <Text size="sm" c="dimmed" px="xs">
            No table&apos;s name contains “{filter.trim()}”.
          </Text>
        )}
        {schemas.map((schema) => (
          <NavLink
            key={schema}
            label={
              <span className={classes.name} style={{ display: 'block' }} title={schema}>
                {schema}
              </span>
            }
            defaultOpened={schemas.length <= 3 || selected?.schema === schema || needle !== ''}
            childrenOffset={12}
            py={4}
            fw={600}
          >
            {shown
              .filter((table) => table.schema === schema)
              .map((table) => {
                const active = selected?.schema === table.schema && selected.table === table.name;
                return (
                  <NavLink
                    key={table.name}
                    component={Link}
                    to={dataLinks.table(project.id, source.id, table.schema, table.name)}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    py={4}
                    label={
                      <span className={classes.name} style={{ display: 'block' }} title={`${table.schema}.${table.name}`}>
                        {table.name}
                      </span>
                    }
                    description={rowEstimate(table.row_estimate) ?? undefined}
                    rightSection={
                      table.type === 'view' ? (
                        <Badge size="xs" variant="light" color="gray">
                          view
                        </Badge>
                      ) : null
                    }
                  />
                );
              })}
          </NavLink>
        ))}
      </nav>
    </Stack>
  );
}
