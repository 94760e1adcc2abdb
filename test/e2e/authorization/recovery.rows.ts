// Account recovery: password change, the e-mail address, reset by e-mail. This stack has no SMTP server, so the
// calls that send mail answer 409 mail_not_configured to whoever may make them.
import type { Rows } from './matrix.ts';

const BAD_TOKEN = 'x'.repeat(43);

//                                           guest user other banned admin apiKey
export const recoveryRows: Rows = {
  'GET /api/auth/recovery-options': {
    expect: [200, 200, 200, 200, 200, 200],
    why: 'public: the forgot-password page asks it whatever token the browser still holds',
    call: () => ({ path: '/api/auth/recovery-options' }),
  },
  'GET /api/auth/methods': {
    expect: [200, 200, 200, 200, 200, 200],
    why: 'public: the sign-in dialog asks which methods are on, whatever token the browser still holds',
    call: () => ({ path: '/api/auth/methods' }),
  },
  'POST /api/auth/forgot-password': {
    expect: [409, 409, 409, 409, 409, 409],
    why: 'open to all, the same answer for everyone; without SMTP the operator resets passwords',
    call: () => ({ path: '/api/auth/forgot-password', body: { login: 'matrix-user' } }),
  },
  'POST /api/auth/reset-password': {
    expect: [400, 400, 400, 400, 400, 400],
    why: 'the link is the credential: an unknown token is refused for everyone',
    call: () => ({
      path: '/api/auth/reset-password',
      body: { token: BAD_TOKEN, password: 'matrix new pass' },
    }),
  },
  'POST /api/auth/password': {
    expect: [401, 400, 400, 401, 400, 403],
    why: 'a person with a session and the current password (a wrong one here); never an API key',
    call: () => ({
      path: '/api/auth/password',
      body: { current_password: 'not the password', new_password: 'matrix new pass' },
    }),
  },
  'GET /api/account/security': {
    expect: [401, 200, 200, 401, 200, 403],
    call: () => ({ path: '/api/account/security' }),
  },
  'POST /api/account/email': {
    expect: [401, 409, 409, 401, 409, 403],
    why: 'a person with a session adds their own address; this stack sends no mail',
    call: () => ({ path: '/api/account/email', body: { email: 'matrix@example.com' } }),
  },
  'POST /api/account/email/verify': {
    expect: [400, 400, 400, 400, 400, 400],
    why: 'the link is the proof, no sign-in needed: an unknown token is refused for everyone',
    call: () => ({ path: '/api/account/email/verify', body: { token: BAD_TOKEN } }),
  },
};
