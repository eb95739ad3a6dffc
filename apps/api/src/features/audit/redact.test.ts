import { describe, expect, it } from 'vitest';
import { REDACTED, redact, redactUrl } from './redact.ts';

describe('activity log redaction', () => {
  it('replaces passwords, tokens, secrets and codes at any depth, and keeps the rest', () => {
    const out = redact({
      email: 'a@example.com',
      password: 'hunter22',
      currentPassword: 'old',
      newPassword: 'new',
      token: 'abc',
      id_token: 'jwt',
      code: '123456',
      recoveryCode: 'aaaaa-bbbbb',
      nested: { apiKey: 'k', clientSecret: 's', list: [{ pin: '1234', name: 'x' }] },
      hash: 'PUBLICID',
      zipCode: '62701',
    });
    expect(out).toEqual({
      email: 'a@example.com',
      password: REDACTED,
      currentPassword: REDACTED,
      newPassword: REDACTED,
      token: REDACTED,
      id_token: REDACTED,
      code: REDACTED,
      recoveryCode: REDACTED,
      nested: { apiKey: REDACTED, clientSecret: REDACTED, list: [{ pin: REDACTED, name: 'x' }] },
      hash: 'PUBLICID',
      zipCode: '62701',
    });
  });

  it('cuts very long text', () => {
    const out = redact({ body: 'x'.repeat(5000) }) as { body: string };
    expect(out.body.length).toBeLessThan(2100);
  });

  it('redacts secret path parameters and query values of the URL', () => {
    expect(redactUrl('/password/reset/abc.def', '/password/reset/:token')).toBe(
      `/password/reset/${REDACTED}`,
    );
    expect(redactUrl('/newsletter/confirm?token=abc&list=x', '/newsletter/confirm')).toBe(
      `/newsletter/confirm?token=${encodeURIComponent(REDACTED)}&list=x`,
    );
    expect(redactUrl('/api/admin/users/H1/role', '/api/admin/users/:hash/role')).toBe(
      '/api/admin/users/H1/role',
    );
  });

  it('redacts the query values that often carry secrets, whatever their case (issue 41)', () => {
    const names = [
      'token',
      'apikey',
      'API_KEY',
      'jwt',
      'Session',
      'auth',
      'password',
      'code',
      'key',
      'signature',
    ];
    const url = redactUrl(`/x?${names.map((n) => `${n}=v`).join('&')}&page=2`, '/x');
    expect(new URLSearchParams(url.split('?')[1]).getAll('page')).toEqual(['2']);
    for (const name of names)
      expect(new URLSearchParams(url.split('?')[1]).get(name)).toBe(REDACTED);
  });
});
