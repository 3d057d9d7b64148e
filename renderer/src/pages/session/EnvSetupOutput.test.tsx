import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { EnvSetupOutput } from './EnvSetupOutput';

describe('the output of a failed dependency set-up', () => {
  it("shows the installer's output, and what to fix in the notebook", () => {
    renderUi(<EnvSetupOutput message={'× No solution found when resolving dependencies:\n╰─▶ Because polars>=9 was not found'} />);
    expect(screen.getByText(/script header/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Installer output' }).textContent).toContain('polars>=9');
  });

  it('says which wheels an offline hub lacks, and that the notebook is not what to change', () => {
    const message =
      'this hub builds environments offline, from the wheels on this machine, and has no wheel of 2 packages the lock of version ver-0000000000000001 needs: polars 1.2.0, numpy 2.0.0.\nAdd them to /data/environments/wheels (wheels for this machine’s Python) and start again, or start it where the package index can be reached.';
    renderUi(<EnvSetupOutput message={message} />);
    expect(screen.getByText(/some that the notebook's lock needs are missing/)).toBeTruthy();
    expect(screen.queryByText(/script header/)).toBeNull();
    expect(screen.getByRole('region', { name: 'Missing wheels' }).textContent).toContain('polars 1.2.0, numpy 2.0.0');
  });
});
