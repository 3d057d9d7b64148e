import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from '../api/errors';
import { renderUi } from '../test/render';
import { ErrorView } from './ErrorView';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

/** The ids the error shows to quote, each with its name, as the user reads them. */
const quotedIds = () =>
  within(screen.getByRole('group', { name: 'Ids to quote when reporting this' }))
    .getAllByText(/ID:$/)
    .map((name) => `${name.textContent} ${name.nextElementSibling?.textContent}`);

describe('ErrorView', () => {
  it('shows the request id and, where the hub traces, the trace id of a failed request for the user to quote', () => {
    const error = toApiError(
      { success: false, error: { code: 'CONFLICT', message: 'The notebook changed meanwhile.', request_id: 'req_42' } },
      new Response(null, { status: 409, headers: { traceresponse: `00-${TRACE_ID}-00f067aa0ba902b7-01` } }),
    );
    expect(error.traceId).toBe(TRACE_ID);
    renderUi(<ErrorView error={error} />);
    expect(screen.getByRole('alert').textContent).toContain('The notebook changed meanwhile.');
    expect(quotedIds()).toEqual(['Request ID: req_42', `Trace ID: ${TRACE_ID}`]);
    // Each is selected whole by one click, for a user to copy it.
    expect(screen.getByText(TRACE_ID).style.userSelect).toBe('all');
  });

  it('shows no trace id where the answer named none, or named it badly', () => {
    const untraced = toApiError({ success: false, error: { code: 'FORBIDDEN', message: 'No.', request_id: 'req_7' } }, new Response(null, { status: 403 }));
    const garbled = toApiError(
      { success: false, error: { code: 'FORBIDDEN', message: 'No.', request_id: 'req_8' } },
      new Response(null, { status: 403, headers: { traceresponse: 'not-a-trace' } }),
    );
    expect([untraced.traceId, garbled.traceId]).toEqual([undefined, undefined]);
    renderUi(<ErrorView error={new ApiError('FORBIDDEN', 'No.', 403, 'req_7')} />);
    expect(quotedIds()).toEqual(['Request ID: req_7']);
  });

  it('shows the trace id on the whole-page conditions too', () => {
    renderUi(<ErrorView error={new ApiError('USER_SUSPENDED', 'Suspended.', 403, 'req_9', [], undefined, TRACE_ID)} />);
    expect(screen.getByRole('heading', { name: 'Your account is suspended' })).toBeTruthy();
    expect(quotedIds()).toEqual(['Request ID: req_9', `Trace ID: ${TRACE_ID}`]);
  });
});
