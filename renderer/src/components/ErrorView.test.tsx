import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from '../api/errors';
import { renderUi } from '../test/render';
import { ErrorView } from './ErrorView';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

describe('ErrorView', () => {
  it('shows the request id and, where the hub traces, the trace id of a failed request for the user to quote', () => {
    const error = toApiError(
      { success: false, error: { code: 'CONFLICT', message: 'The notebook changed meanwhile.', request_id: 'req_42' } },
      new Response(null, { status: 409, headers: { traceresponse: `00-${TRACE_ID}-00f067aa0ba902b7-01` } }),
    );
    expect(error.traceId).toBe(TRACE_ID);
    renderUi(<ErrorView error={error} />);
    expect(screen.getByRole('alert').textContent).toContain('The notebook changed meanwhile.');
    expect(screen.getByText(/Request ID: req_42/)).toBeTruthy();
    expect(screen.getByText(new RegExp(`Trace ID: ${TRACE_ID}`))).toBeTruthy();
  });

  it('shows no trace id where the answer named none, or named it badly', () => {
    const untraced = toApiError({ success: false, error: { code: 'FORBIDDEN', message: 'No.', request_id: 'req_7' } }, new Response(null, { status: 403 }));
    const garbled = toApiError(
      { success: false, error: { code: 'FORBIDDEN', message: 'No.', request_id: 'req_8' } },
      new Response(null, { status: 403, headers: { traceresponse: 'not-a-trace' } }),
    );
    expect([untraced.traceId, garbled.traceId]).toEqual([undefined, undefined]);
    renderUi(<ErrorView error={new ApiError('FORBIDDEN', 'No.', 403, 'req_7')} />);
    expect(screen.getByText(/Request ID: req_7/)).toBeTruthy();
    expect(screen.queryByText(/Trace ID/)).toBeNull();
  });

  it('shows the trace id on the whole-page conditions too', () => {
    renderUi(<ErrorView error={new ApiError('USER_SUSPENDED', 'Suspended.', 403, 'req_9', [], undefined, TRACE_ID)} />);
    expect(screen.getByRole('heading', { name: 'Your account is suspended' })).toBeTruthy();
    expect(screen.getByText(new RegExp(`Trace ID: ${TRACE_ID}`))).toBeTruthy();
  });
});
