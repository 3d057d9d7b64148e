import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/render';
import { DataTable, type Column, type TableQuery } from './DataTable';
import type { PagedQuery } from './LoadMore';

interface Fruit {
  id: string;
  name: string;
  weight: number | null;
}

const FRUITS: Fruit[] = [
  { id: 'b', name: 'banana', weight: 120 },
  { id: 'a', name: 'apple 10', weight: null },
  { id: 'c', name: 'apple 9', weight: 95 },
];

const columns: Column<Fruit>[] = [
  { header: 'Name', cell: (fruit) => fruit.name, sortValue: (fruit) => fruit.name },
  { header: 'Weight', cell: (fruit) => fruit.weight ?? '—', sortValue: (fruit) => fruit.weight, align: 'right' },
];

const settled: TableQuery = { isPending: false, isError: false, error: null, refetch: () => undefined };

/** The text of each body row's first cell, top to bottom. */
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('DataTable', () => {
  it('shows the rows under their headings, named, in the order given', () => {
    renderUi(<DataTable label="Fruit" columns={columns} rows={FRUITS} rowKey={(fruit) => fruit.id} />);
    const table = screen.getByRole('table', { name: 'Fruit' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name↕', 'Weight↕']);
    expect(names()).toEqual(['banana', 'apple 10', 'apple 9']);
  });

  it('sorts by a column when its heading is pressed, and the other way when pressed again, empty values last', async () => {
    const { user } = renderUi(<DataTable label="Fruit" columns={columns} rows={FRUITS} rowKey={(fruit) => fruit.id} />);
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');

    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(names()).toEqual(['apple 9', 'apple 10', 'banana']);
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(names()).toEqual(['banana', 'apple 10', 'apple 9']);
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');

    await user.click(screen.getByRole('button', { name: /Weight/ }));
    expect(names()).toEqual(['apple 9', 'banana', 'apple 10']);
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    await user.click(screen.getByRole('button', { name: /Weight/ }));
    expect(names()).toEqual(['banana', 'apple 9', 'apple 10']);
  });

  it('starts in the order asked for', () => {
    renderUi(
      <DataTable label="Fruit" columns={columns} rows={FRUITS} rowKey={(fruit) => fruit.id} initialSort={{ column: 'Weight', direction: 'descending' }} />,
    );
    expect(names()).toEqual(['banana', 'apple 9', 'apple 10']);
  });

  it('gives each row its actions under a heading only screen readers read', async () => {
    const eat = vi.fn();
    const { user } = renderUi(
      <DataTable
        label="Fruit"
        columns={columns}
        rows={FRUITS}
        rowKey={(fruit) => fruit.id}
        rowActions={(fruit) => (
          <Button size="xs" onClick={() => eat(fruit.id)} aria-label={`Eat ${fruit.name}`}>
            Eat
          </Button>
        )}
      />,
    );
    expect(screen.getAllByRole('columnheader').at(-1)!.textContent).toBe('Actions');
    await user.click(screen.getByRole('button', { name: 'Eat apple 9' }));
    expect(eat).toHaveBeenCalledWith('c');
  });

  it('gives each cell its column’s look', () => {
    renderUi(
      <DataTable
        label="Fruit"
        columns={[
          { header: 'Name', cell: (fruit: Fruit) => fruit.name, breakAnywhere: true },
          { header: 'Id', cell: (fruit: Fruit) => fruit.id, mono: true, cellProps: { style: { whiteSpace: 'nowrap' } } },
        ]}
        rows={FRUITS.slice(0, 1)}
        rowKey={(fruit) => fruit.id}
      />,
    );
    const [name, id] = screen.getAllByRole('cell');
    expect(name!.style.overflowWrap).toBe('anywhere');
    expect(id!.style.whiteSpace).toBe('nowrap');
    expect(id!.style.fontFamily).toContain('monospace');
  });

  it('leaves out a column given as false', () => {
    renderUi(<DataTable label="Fruit" columns={[columns[0]!, false]} rows={FRUITS} rowKey={(fruit) => fruit.id} />);
    expect(screen.getAllByRole('columnheader')).toHaveLength(1);
  });

  it('heads each group of rows', () => {
    renderUi(
      <DataTable
        label="Fruit"
        columns={columns}
        rows={FRUITS}
        rowKey={(fruit) => fruit.id}
        groupOf={(fruit) => (fruit.name.startsWith('apple') ? 'Apples' : null)}
      />,
    );
    const groupHeading = screen.getByRole('columnheader', { name: 'Apples' });
    expect(groupHeading.getAttribute('scope')).toBe('colgroup');
    expect(groupHeading.getAttribute('colspan')).toBe('2');
    expect(screen.getAllByRole('rowgroup')).toHaveLength(3);
  });

  it('shows a spinner while the query loads, then its failure with a retry', async () => {
    const refetch = vi.fn();
    const { rerender, user } = renderUi(
      <DataTable
        label="Fruit"
        columns={columns}
        rows={[]}
        rowKey={(fruit) => fruit.id}
        query={{ ...settled, isPending: true }}
        loadingLabel="Loading fruit…"
      />,
    );
    expect(screen.getByLabelText('Loading fruit…')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    rerender(
      <DataTable
        label="Fruit"
        columns={columns}
        rows={[]}
        rowKey={(fruit) => fruit.id}
        query={{ ...settled, isError: true, error: new Error('The orchard is closed.'), refetch }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The orchard is closed.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state instead of a table without rows', () => {
    renderUi(<DataTable label="Fruit" columns={columns} rows={[]} rowKey={(fruit) => fruit.id} query={settled} empty={<p>No fruit yet</p>} />);
    expect(screen.getByText('No fruit yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('loads the next page on request, and keeps the rows when it fails', async () => {
    const fetchNextPage = vi.fn();
    const pages: PagedQuery = { hasNextPage: true, isFetchingNextPage: false, fetchNextPage, isFetchNextPageError: false, error: null };
    const { rerender, user } = renderUi(
      <DataTable label="Fruit" columns={columns} rows={FRUITS} rowKey={(fruit) => fruit.id} pages={pages} pagesLabel="Load more fruit" />,
    );
    await user.click(screen.getByRole('button', { name: 'Load more fruit' }));
    expect(fetchNextPage).toHaveBeenCalledOnce();

    const failed = new Error('The next crate did not come.');
    rerender(
      <DataTable
        label="Fruit"
        columns={columns}
        rows={FRUITS}
        rowKey={(fruit) => fruit.id}
        query={{ ...settled, isError: true, error: failed, isFetchNextPageError: true }}
        pages={{ ...pages, isFetchNextPageError: true, error: failed }}
        pagesLabel="Load more fruit"
      />,
    );
    expect(names()).toHaveLength(3);
    expect(screen.getByRole('alert').textContent).toContain('The next crate did not come.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(2);
  });

  it('offers no "Load more" on the last page', () => {
    const pages: PagedQuery = { hasNextPage: false, isFetchingNextPage: false, fetchNextPage: () => undefined, isFetchNextPageError: false, error: null };
    renderUi(<DataTable label="Fruit" columns={columns} rows={FRUITS} rowKey={(fruit) => fruit.id} pages={pages} />);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  describe('in a page narrower than the table', () => {
    // jsdom lays nothing out: the widths a browser would measure are given here.
    const widths = (content: number, box: number) => {
      const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(content);
      const clientWidth = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(box);
      return () => {
        scrollWidth.mockRestore();
        clientWidth.mockRestore();
      };
    };

    it.each([false, true])('makes the scrolling box a named region the keyboard reaches (native scroll bar: %s)', async (nativeScroll) => {
      const restore = widths(900, 600);
      try {
        const { user } = renderUi(
          <DataTable
            label="Fruit"
            columns={columns.map(({ sortValue: _, ...column }) => column)}
            rows={FRUITS}
            rowKey={(fruit) => fruit.id}
            minWidth={900}
            nativeScroll={nativeScroll}
          />,
        );
        const region = await screen.findByRole('region', { name: 'Fruit' });
        expect(region.contains(screen.getByRole('table', { name: 'Fruit' }))).toBe(true);
        await user.tab();
        expect(document.activeElement).toBe(region);
      } finally {
        restore();
      }
    });

    it('leaves a table that fits out of the way through the page', () => {
      const restore = widths(600, 600);
      try {
        renderUi(<DataTable label="Fruit" columns={columns} rows={FRUITS} rowKey={(fruit) => fruit.id} minWidth={500} />);
        expect(screen.queryByRole('region')).toBeNull();
      } finally {
        restore();
      }
    });
  });
});
