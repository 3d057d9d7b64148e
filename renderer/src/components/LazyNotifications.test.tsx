import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../test/render';
import { LazyNotifications } from './LazyNotifications';

afterEach(() => act(() => notifications.clean()));

describe('the notification stack, loaded with the first notification', () => {
  it('puts nothing in the page until a notification is shown, then shows it', async () => {
    const { container } = renderUi(<LazyNotifications />);
    const stack = () => container.querySelector('.mantine-Notifications-root');
    expect(stack()).toBeNull();
    act(() => {
      notifications.show({ title: 'Saved', message: 'The notebook was saved.' });
    });
    expect(await screen.findByText('The notebook was saved.')).toBeTruthy();
    expect(stack()).not.toBeNull();
  });

  it('shows a notification given before the page was drawn', async () => {
    act(() => {
      notifications.show({ message: 'Shown before the stack loaded.' });
    });
    renderUi(<LazyNotifications />);
    expect(await screen.findByText('Shown before the stack loaded.')).toBeTruthy();
  });
});
