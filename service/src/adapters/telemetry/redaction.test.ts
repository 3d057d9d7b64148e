import { describe, expect, it } from 'vitest';
import { redactedDeep, redactedValue } from './redaction.js';

describe('telemetry redaction', () => {
  it('masks e-mail addresses, plain and percent-encoded, and the hub’s tokens', () => {
    expect(redactedValue('member ada.lovelace+hub@example.org not found')).toBe('member [email] not found');
    expect(redactedValue('/api/v1/projects/proj-1/members/ada%40example.org')).toBe('/api/v1/projects/proj-1/members/[email]');
    expect(redactedValue(`token svc_pat_${'a'.repeat(43)} refused`)).toBe('token [token] refused');
    expect(redactedValue('svc_mcp_rt_abcdefgh_1234')).toBe('[token]');
    expect(redactedValue('authorization: Bearer abc.def.ghi-jkl')).toBe('authorization: [token]');
  });

  it('leaves what is no address or token as it is', () => {
    for (const value of ['session_provision', '/api/v1/projects/:pid/members/:member', 'svc_session', 42, true, null]) expect(redactedValue(value)).toBe(value);
  });

  it('walks objects and arrays', () => {
    expect(redactedDeep({ err: { message: 'no user ada@example.org' }, ids: ['x', 'b@c.de'], n: 1 })).toEqual({
      err: { message: 'no user [email]' },
      ids: ['x', '[email]'],
      n: 1,
    });
  });
});
