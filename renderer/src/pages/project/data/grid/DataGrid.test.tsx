import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { layOutElements } from '../../../../test/element-size';
import { renderUi } from '../../../../test/render';
import { DataGrid, HEADER_HEIGHT, ROW_HEIGHT } from './DataGrid';

const ROWS = 10_000;
const COLUMNS = 200;
const columns = Array.from({ length: COLUMNS }, (_, index) => ({ name: `column_${index}`, type: index % 2 === 0 ? 'integer' : 'string' }));
const rows = Array.from({ length: ROWS }, (_, row) =>
  Array.from({ length: COLUMNS }, (_, column) => (column % 2 === 0 ? row * COLUMNS + column : `r${row}c${column}`)),
);

const BOX = { width: 800, height: 400 };
layOutElements(BOX);

const renderGrid = () => renderUi(<DataGrid label="Preview of big.parquet" columns={columns} rows={rows} height={BOX.height} />);
const rowIndexes = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .map((row) => Number(row.getAttribute('aria-rowindex')));

describe('DataGrid', () => {
  it('puts only the window of rows and columns in view in the page, and says how many there are', () => {
    renderGrid();
    const grid = screen.getByRole('grid', { name: 'Preview of big.parquet' });
    expect(grid.getAttribute('aria-rowcount')).toBe(String(ROWS + 1));
    expect(grid.getAttribute('aria-colcount')).toBe(String(COLUMNS + 1));

    const shown = rowIndexes(grid);
    // The header, the rows that fit under it, and a few more above and below for smooth scrolling.
    const fitting = Math.ceil((BOX.height - HEADER_HEIGHT) / ROW_HEIGHT);
    expect(shown[0]).toBe(1);
    expect(shown.length).toBeGreaterThanOrEqual(fitting);
    expect(shown.length).toBeLessThan(fitting + 20);
    const cells = within(grid).getAllByRole('gridcell');
    expect(cells.length).toBeLessThan(40 * 20);
    expect(cells.length).toBeGreaterThan(0);
    expect(within(grid).getByRole('columnheader', { name: /column_0/ })).toBeTruthy();
    expect(within(grid).queryByRole('columnheader', { name: /column_199/ })).toBeNull();
    expect(within(grid).getByText('r0c1')).toBeTruthy();
    expect(within(grid).queryByText('r9999c1')).toBeNull();
  });

  it('shows the window further down once scrolled', () => {
    renderGrid();
    const grid = screen.getByRole('grid');
    grid.scrollTop = 5_000 * ROW_HEIGHT;
    fireEvent.scroll(grid);
    const shown = rowIndexes(grid).filter((index) => index > 1);
    expect(Math.min(...shown)).toBeGreaterThan(4_900);
    expect(Math.max(...shown)).toBeLessThan(5_100);
    expect(within(grid).getByText('r5000c1')).toBeTruthy();
  });

  it('moves the focused cell with the arrow keys, Home/End and Ctrl+End, and scrolls it into view', async () => {
    const { user } = renderGrid();
    const grid = screen.getByRole('grid');
    await user.tab();
    expect(document.activeElement).toBe(grid);
    const focusedText = () => document.getElementById(grid.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(focusedText()).toBe('0');

    await user.keyboard('{ArrowRight}');
    expect(focusedText()).toBe('r0c1');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(focusedText()).toBe('r2c1');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    // Above the first row: the column's header.
    expect(focusedText()).toContain('column_1');
    await user.keyboard('{ArrowDown}{End}');
    await screen.findByText('r0c199');
    expect(focusedText()).toBe('r0c199');
    await user.keyboard('{Home}');
    expect(focusedText()).toBe('0');

    await user.keyboard('{Control>}{End}{/Control}');
    // The last cell was scrolled to: it is in the page, and the grid names it.
    await screen.findByText('r9999c199');
    expect(focusedText()).toBe('r9999c199');
    expect(grid.scrollTop).toBeGreaterThan(9_000 * ROW_HEIGHT);
  });

  it('keeps a long value whole in its title, marks missing values, and copies a whole value with Ctrl+C', async () => {
    const long = 'x'.repeat(5_000);
    const { user } = renderUi(<DataGrid label="Long" columns={[{ name: 'note', type: 'string' }]} rows={[[long], [null]]} height={200} />);
    const [first, second] = screen.getAllByRole('gridcell');
    expect(first!.getAttribute('title')).toHaveLength(4_001);
    expect(first!.textContent!.length).toBeLessThan(400);
    expect(second!.textContent).toBe('null');

    await user.tab();
    await user.keyboard('{Control>}c{/Control}');
    expect(await navigator.clipboard.readText()).toBe(long);
  });
});
