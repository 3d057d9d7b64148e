import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DataSource } from '../../../../api/data-browser';
import { useDataContext } from '../data-context';
import { dataLinks } from '../data-links';
import { SourceHeader } from '../SourceHeader';

/** A database's pages under its name: its tables, and the query page. */
export function DatabaseFrame({ source, active, children }: { source: DataSource; active: 'tables' | 'query'; children: ReactNode }) {
  const { project, offers } = useDataContext();
  const link = (page: 'tables' | 'query', label: string, to: string) => (
    <Button component={Link} to={to} size="xs" variant={active === page ? 'light' : 'subtle'} aria-current={active === page ? 'page' : undefined}>
      {label}
    </Button>
  );
  return (
    <>
      <SourceHeader
        source={source}
        actions={
          <nav aria-label={`${source.name} pages`} style={{ display: 'flex', gap: 4 }}>
            {link('tables', 'Tables', dataLinks.source(project.id, source.id))}
            {offers?.query !== false && link('query', 'Query', dataLinks.query(project.id, source.id))}
          </nav>
        }
      />
      {children}
    </>
  );
}
