import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AlertDestination } from '../../api/alerts';
import { fakeHub, ok } from '../../test/fake-hub';
import { renderUi } from '../../test/render';
import { AlertFormModal } from './AlertFormModal';

const KINDS = ['member.added', 'job.run.failed'];

const WEBHOOK = {
  id: 'al-1',
  name: 'Ops receiver',
  kinds: ['job.run.failed'],
  enabled: true,
  verified_at: null,
  endpoint_host: 'hooks.example.com',
  created_by: 'u1',
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
  type: 'webhook',
  url_set: true,
  signing_secret_set: true,
} as AlertDestination;

describe('AlertFormModal', () => {
  it('adds a webhook with its URL, secret and events', async () => {
    const hub = fakeHub();
    hub.on('POST /api/v1/projects/p1/alerts', ok(WEBHOOK));
    const onClose = vi.fn();
    const { user } = renderUi(<AlertFormModal projectId="p1" editing={undefined} types={['webhook', 'slack']} kinds={KINDS} onClose={onClose} />);

    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await fill(screen.getByRole('textbox', { name: 'Name' }), 'Ops receiver');
    await fill(screen.getByRole('textbox', { name: 'Receiver URL' }), 'https://hooks.example.com/in');
    await fill(screen.getByLabelText(/Signing secret/), 'a-secret-of-sixteen');
    await user.click(screen.getByRole('checkbox', { name: 'A job run fails' }));
    await user.click(screen.getByRole('button', { name: 'Add destination' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(hub.seen[0]).toMatchObject({
      method: 'POST',
      body: {
        type: 'webhook',
        name: 'Ops receiver',
        kinds: ['job.run.failed'],
        enabled: true,
        url: 'https://hooks.example.com/in',
        signing_secret: 'a-secret-of-sixteen',
      },
    });
  });

  it('keeps the URL and the secret when they are left empty in an edit', async () => {
    const hub = fakeHub();
    hub.on('PATCH /api/v1/projects/p1/alerts/al-1', ok(WEBHOOK));
    const onClose = vi.fn();
    const { user } = renderUi(<AlertFormModal projectId="p1" editing={WEBHOOK} types={['webhook']} kinds={KINDS} onClose={onClose} />);

    expect(screen.getByRole('textbox', { name: 'Receiver URL' })).toHaveProperty('value', '');
    await user.click(screen.getByRole('checkbox', { name: 'A member is added' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(hub.seen[0]!.body).toEqual({ name: 'Ops receiver', kinds: ['job.run.failed', 'member.added'], enabled: true });
  });
});
