// Account recovery on the running product, with auth mailing through a real SMTP server on loopback: confirm an
// address, forget the password, follow the mailed link, and only the new password works, on no old session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.ts';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';
import { type Stack, startStack } from '../support/stack.ts';

interface ApiBody {
  token?: string;
  error?: string;
  message?: string;
  [key: string]: unknown;
}

describe('account recovery through the gateway', () => {
  let smtp: TestSmtpServer;
  let stack: Stack;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    stack = await startStack({ processes: ['auth', 'jobs', 'gateway'], env: { SMTP_URL: smtp.url } });
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  const api = (method: string, path: string, token?: string, body?: unknown) =>
    stack.api<ApiBody>(method, path, token, body);
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  const signIn = async (password: string) =>
    api('POST', '/api/auth/login', undefined, { username: 'recoverer', password });

  it('resets a forgotten password with the mailed link: old password and old sessions end', async () => {
    const registered = await api('POST', '/api/auth/register', undefined, {
      username: 'recoverer',
      password: 'first password',
    });
    const token = registered.body.token!;
    const otherSession = (await signIn('first password')).body.token!;

    expect((await api('GET', '/api/auth/recovery-options')).body).toEqual({ email_reset: true });
    const added = await api('POST', '/api/account/email', token, {
      email: 'recoverer@example.com',
      lang: 'en',
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ email_verified: false, pending_email: 'recoverer@example.com' });
    const confirmation = await smtp.nextMailTo('recoverer@example.com');
    const verifyLink = linkIn(confirmation, `${stack.url}/en/verify-email?token=`);
    // The link is the proof: no sign-in needed to open it.
    const verified = await api('POST', '/api/account/email/verify', undefined, {
      token: tokenOf(verifyLink),
    });
    expect(verified.status).toBe(200);
    expect((await api('GET', '/api/account/security', token)).body).toMatchObject({
      has_password: true,
      email: 'recoverer@example.com',
      email_verified: true,
    });

    const asked = await api('POST', '/api/auth/forgot-password', undefined, {
      login: 'recoverer',
      lang: 'en',
    });
    const unknown = await api('POST', '/api/auth/forgot-password', undefined, {
      login: 'nobody',
      lang: 'en',
    });
    expect(asked.status).toBe(202);
    expect(unknown).toEqual(asked);

    const mail = await smtp.nextMailTo('recoverer@example.com');
    const resetLink = linkIn(mail, `${stack.url}/en/reset-password?token=`);
    const reset = await api('POST', '/api/auth/reset-password', undefined, {
      token: tokenOf(resetLink),
      password: 'second password',
    });
    expect(reset.status).toBe(200);
    const again = await api('POST', '/api/auth/reset-password', undefined, {
      token: tokenOf(resetLink),
      password: 'third password',
    });
    expect(again.body.error).toBe('link_expired');

    expect((await signIn('first password')).status).toBe(401);
    expect((await signIn('second password')).status).toBe(200);
    // Sessions end within the gateway's few-second revocation cache.
    for (const old of [token, otherSession]) {
      await eventually(
        async () => ((await api('GET', '/api/auth/me', old)).status === 401 ? true : undefined),
        'the old session to end',
      );
    }
    const logs = [...stack.logs('auth'), ...stack.logs('gateway')].join('\n');
    expect(logs).not.toContain(tokenOf(resetLink));
    expect(logs).not.toContain(tokenOf(verifyLink));
  });

  it('changes the password with the current one, keeping this session and ending the others', async () => {
    const current = (await signIn('second password')).body.token!;
    const other = (await signIn('second password')).body.token!;
    const wrong = await api('POST', '/api/auth/password', current, {
      current_password: 'not it at all',
      new_password: 'fourth password',
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'wrong_password' } });
    const changed = await api('POST', '/api/auth/password', current, {
      current_password: 'second password',
      new_password: 'fourth password',
    });
    expect(changed.status).toBe(200);
    await eventually(
      async () => ((await api('GET', '/api/auth/me', other)).status === 401 ? true : undefined),
      'the other session to end',
    );
    expect((await api('GET', '/api/auth/me', current)).body.authenticated).toBe(true);
    expect((await signIn('fourth password')).status).toBe(200);
  });

  it('refuses control characters in the typed address with a 400', async () => {
    const refused = await api('POST', '/api/auth/forgot-password', undefined, { login: 'a\u0000b' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });
});
