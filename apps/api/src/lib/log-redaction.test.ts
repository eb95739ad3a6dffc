import { describe, expect, it } from 'vitest';
import { errorSerializer, REDACTED, redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it.each([
    ['/password/reset/abc.DEF-123', `/password/reset/${REDACTED}`],
    ['/password/reset/abc?x=1', `/password/reset/${REDACTED}?x=1`],
    ['/feeds/lpf_abcDEF-123_xyz.xml', `/feeds/${REDACTED}`],
    ['/account/verify-email?token=t0k3n', `/account/verify-email?token=${REDACTED}`],
    ['/newsletter/confirm?Token=t0k3n&utm=mail', `/newsletter/confirm?Token=${REDACTED}&utm=mail`],
    [
      '/account/social-callback?code=c0de&state=st4te&session_state=s',
      `/account/social-callback?code=${REDACTED}&state=${REDACTED}&session_state=${REDACTED}`,
    ],
    ['/x?id_token=a&api_key=b&page=2', `/x?id_token=${REDACTED}&api_key=${REDACTED}&page=2`],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves ordinary URLs alone', () => {
    for (const url of ['/', '/api/user', '/search?search=lockbox', '/api/x?property=abc&flag']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe('errorSerializer', () => {
  it('keeps a failed query and its cause but never its parameters or row detail', async () => {
    const { DrizzleQueryError } = await import('drizzle-orm/errors');
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'users_email_unique',
      detail: 'Key (email)=(secret.person@example.com) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into users (email) values ($1)',
      ['secret.person@example.com'],
      cause,
    );
    const logged = JSON.stringify(errorSerializer(error));
    expect(logged).not.toContain('secret.person');
    expect(logged).toContain('insert into users (email) values ($1)');
    expect(logged).toContain('users_email_unique');
    expect(logged).toContain('23505');
  });
});
