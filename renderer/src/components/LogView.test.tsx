import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/render';
import { LogView } from './LogView';

describe('LogView', () => {
  it('is a named region the keyboard reaches, however short the log', async () => {
    const { user } = renderUi(<LogView label="The build's log" text="one line" maxHeight={260} />);
    const region = screen.getByRole('region', { name: "The build's log" });
    expect(region.textContent).toBe('one line');
    await user.tab();
    expect(document.activeElement).toBe(region);
  });
});
