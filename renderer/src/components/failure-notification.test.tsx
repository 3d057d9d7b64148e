import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { renderUi } from '../test/render';
import { notifyFailure } from './failure-notification';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

afterEach(() => act(() => notifications.clean()));

describe('a failed action told in a notification', () => {
  it('shows what failed, the API message, and the request and trace ids to quote', () => {
    renderUi(<Notifications />);
    act(() =>
      notifyFailure(new ApiError('INTERNAL_ERROR', 'The store did not answer.', 500, 'req_42', [], undefined, TRACE_ID), { title: 'Could not run Nightly' }),
    );
    const shown = screen.getByRole('alert');
    expect(within(shown).getByText('Could not run Nightly')).toBeTruthy();
    expect(within(shown).getByText('The store did not answer.')).toBeTruthy();
    const ids = within(shown).getByRole('group', { name: 'Ids to quote when reporting this' });
    expect(within(ids).getByText('req_42')).toBeTruthy();
    expect(within(ids).getByText(TRACE_ID).style.userSelect).toBe('all');
  });

  it('shows no ids for a failure that never reached the hub', () => {
    renderUi(<Notifications />);
    act(() => notifyFailure(new Error('Failed to fetch'), { message: 'The sync failed: Failed to fetch' }));
    expect(within(screen.getByRole('alert')).getByText('The sync failed: Failed to fetch')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Ids to quote when reporting this' })).toBeNull();
  });
});
