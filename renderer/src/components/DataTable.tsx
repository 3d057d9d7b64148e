import { Group, Paper, Stack, Table, UnstyledButton, VisuallyHidden, type MantineSpacing, type TableTdProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { nextSort, sortRows, type SortOrder, type SortValue } from './data-table-sort';
import { ErrorView } from './ErrorView';
import { LoadingState } from './LoadingState';
import { LoadMore, type ErrorComponent, type PagedQuery } from './LoadMore';
import { useOverflowing } from './use-overflowing';

export interface Column<Row> {
  /** The column's heading; it also names the column (unique in its table). */
  header: string;
  /** A heading only screen readers read (a column of buttons or links says what they are). */
  hiddenHeader?: boolean;
  width?: number | string;
  align?: 'right';
  /** Long words (names, ids, addresses) break anywhere rather than widen the table. */
  breakAnywhere?: boolean;
  /** The cell's text in the monospace font (ids, codes, numbers to compare). */
  mono?: boolean;
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable: its header becomes a button that orders the rows by this value. */
  sortValue?: (row: Row) => SortValue;
  /** Anything else a cell of this column needs (a maximum width, say). */
  cellProps?: TableTdProps;
}

/** What the table needs of a TanStack query result (`useQuery` or `useInfiniteQuery`) its rows come from. */
export interface TableQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  isFetchNextPageError?: boolean;
}

interface Props<Row> {
  /** The table's accessible name; or `labelledBy`, the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  /** The columns; `false` leaves one out (a column only editors see). */
  columns: readonly (Column<Row> | false)[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The buttons at the end of each row, in a last column whose heading only screen readers read. */
  rowActions?: (row: Row) => ReactNode;
  /** The actions column's width, and its heading for screen readers ("Actions"). */
  actionsWidth?: number | string;
  actionsHeader?: string;
  /** Rows that belong together (a part of a settings group) get a heading row when the group changes; null for none. */
  groupOf?: (row: Row) => string | null;
  /** The query the rows come from: while it loads a spinner, when it fails its error, stand instead of the table. */
  query?: TableQuery;
  loadingLabel?: string;
  errorView?: ErrorComponent;
  /** What stands instead of the table when there are no rows (nothing when absent). */
  empty?: ReactNode;
  /** A paged list's next page: a "Load more" button under the rows (`pagesLabel` names it). */
  pages?: PagedQuery;
  pagesLabel?: string;
  /** The order the rows start in (by default the order given, the API's). */
  initialSort?: SortOrder;
  /** Wider than this, the table scrolls sideways inside its container; without it, it never scrolls. */
  minWidth?: number;
  /** The container scrolls with the browser's own scroll bar rather than Mantine's. */
  nativeScroll?: boolean;
  /** A bordered frame around the table. */
  framed?: boolean;
  spacing?: MantineSpacing | number;
  highlightOnHover?: boolean;
  /** Column widths as set, whatever the cells hold. */
  fixedLayout?: boolean;
  withTableBorder?: boolean;
}

const arrows = { ascending: '↑', descending: '↓' } as const;

function SortableHeader({ header, sort, onSort }: { header: string; sort: SortOrder | null; onSort: () => void }) {
  const direction = sort?.column === header ? sort.direction : null;
  return (
    <UnstyledButton onClick={onSort} fw={700} fz="inherit">
      <Group gap={4} wrap="nowrap" component="span">
        <span>{header}</span>
        <span aria-hidden style={{ opacity: direction ? 1 : 0.35 }}>
          {direction ? arrows[direction] : '↕'}
        </span>
      </Group>
    </UnstyledButton>
  );
}

/**
 * The app's one data table, over Mantine's Table: headings, optional sorting by a column, the
 * query's loading and failed states, an empty state, row actions and a "Load more" for paged lists.
 */
export function DataTable<Row>(props: Props<Row>) {
  const { rows, query, pages, empty, loadingLabel, errorView: ErrorShown = ErrorView } = props;
  if (query?.isPending) return <LoadingState label={loadingLabel} />;
  if (query?.isError && !query.isFetchNextPageError && query.error) return <ErrorShown error={query.error} onRetry={() => void query.refetch()} />;
  const content = rows.length === 0 ? (empty ?? null) : <TableOf {...props} />;
  if (!pages) return content;
  return (
    <Stack gap="sm">
      {content}
      <LoadMore pages={pages} label={props.pagesLabel} errorView={ErrorShown} />
    </Stack>
  );
}

function TableOf<Row>({
  label,
  labelledBy,
  columns: maybeColumns,
  rows,
  rowKey,
  rowActions,
  actionsWidth,
  actionsHeader = 'Actions',
  groupOf,
  initialSort,
  minWidth,
  nativeScroll,
  framed,
  spacing,
  highlightOnHover,
  fixedLayout,
  withTableBorder,
}: Props<Row>) {
  const [sort, setSort] = useState<SortOrder | null>(initialSort ?? null);
  const columns = maybeColumns.filter((column): column is Column<Row> => column !== false);
  const sortColumn = sort && columns.find((column) => column.header === sort.column);
  const ordered = sort && sortColumn?.sortValue ? sortRows(rows, sortColumn.sortValue, sort.direction) : rows;
  const width = columns.length + (rowActions ? 1 : 0);

  const table = (
    <Table
      verticalSpacing={spacing}
      highlightOnHover={highlightOnHover}
      layout={fixedLayout ? 'fixed' : undefined}
      withTableBorder={withTableBorder}
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th
              key={column.header}
              w={column.width}
              ta={column.align}
              aria-sort={column.sortValue ? (sort && sort.column === column.header ? sort.direction : 'none') : undefined}
            >
              {column.hiddenHeader ? (
                <VisuallyHidden>{column.header}</VisuallyHidden>
              ) : column.sortValue ? (
                <SortableHeader header={column.header} sort={sort} onSort={() => setSort(nextSort(sort, column.header))} />
              ) : (
                column.header
              )}
            </Table.Th>
          ))}
          {rowActions && (
            <Table.Th w={actionsWidth}>
              <VisuallyHidden>{actionsHeader}</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      {groupsOf(ordered, groupOf).map((group, index) => (
        <Table.Tbody key={group.title ?? `rows-${index}`}>
          {group.title !== null && (
            <Table.Tr>
              <Table.Th colSpan={width} scope="colgroup" pt="md">
                {group.title}
              </Table.Th>
            </Table.Tr>
          )}
          {group.rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.header}
                  ta={column.align}
                  ff={column.mono ? 'monospace' : undefined}
                  {...column.cellProps}
                  {...(column.breakAnywhere ? { style: { overflowWrap: 'anywhere' } } : {})}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
              {rowActions && <Table.Td ta="right">{rowActions(row)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      ))}
    </Table>
  );
  const scrolled =
    minWidth === undefined ? (
      table
    ) : (
      <ScrollingTable minWidth={minWidth} nativeScroll={nativeScroll} label={label} labelledBy={labelledBy}>
        {table}
      </ScrollingTable>
    );
  return framed ? <Paper withBorder>{scrolled}</Paper> : scrolled;
}

interface ScrollingProps {
  minWidth: number;
  nativeScroll: boolean | undefined;
  label: string | undefined;
  labelledBy: string | undefined;
  children: ReactNode;
}

/**
 * The table's sideways scroll. While the table is wider than the page, the scrolling box takes the
 * keyboard's focus (a named region when the table has a name), so it scrolls without a mouse even
 * when no cell holds a link or a button (axe: scrollable-region-focusable); while it fits, the box
 * is no stop on the way through the page.
 */
function ScrollingTable({ minWidth, nativeScroll, label, labelledBy, children }: ScrollingProps) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const overflowing = useOverflowing(box);
  const named = label !== undefined || labelledBy !== undefined;
  const focusable = overflowing ? { tabIndex: 0, ...(named ? { role: 'region', 'aria-label': label, 'aria-labelledby': labelledBy } : {}) } : {};
  return nativeScroll ? (
    <Table.ScrollContainer minWidth={minWidth} type="native" ref={setBox} {...focusable}>
      {children}
    </Table.ScrollContainer>
  ) : (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ viewportRef: setBox, viewportProps: focusable }}>
      {children}
    </Table.ScrollContainer>
  );
}

/** Consecutive rows of one group together, in the order given. */
function groupsOf<Row>(rows: readonly Row[], groupOf: ((row: Row) => string | null) | undefined): { title: string | null; rows: Row[] }[] {
  const groups: { title: string | null; rows: Row[] }[] = [];
  for (const row of rows) {
    const title = groupOf ? groupOf(row) : null;
    const last = groups.at(-1);
    if (last && last.title === title) last.rows.push(row);
    else groups.push({ title, rows: [row] });
  }
  return groups.length ? groups : [{ title: null, rows: [] }];
}
