// Spec 4: any 401 on any call logs the user out and opens the sign-in modal, except on the payment and
// subscription success pages; a refused password on the sign-in form is not such a 401.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, requestJson, UNAUTHORIZED_EVENT } from '../api/http.ts';
import { unauthorizedResponse } from './startup-auth.ts';

describe('a 401 from any call', () => {
  afterEach(() => vi.unstubAllGlobals());

  function browserWithAnswer(status: number, body: unknown) {
    const events = new EventTarget();
    const heard = vi.fn();
    events.addEventListener(UNAUTHORIZED_EVENT, heard);
    vi.stubGlobal('window', events);
    vi.stubGlobal('CustomEvent', class extends Event {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status })),
    );
    return heard;
  }

  it('is announced to the app, which signs out', async () => {
    const heard = browserWithAnswer(401, { error: 'unauthenticated', message: 'Please login first' });
    await expect(requestJson('/api/history')).rejects.toEqual(
      new ApiError(401, 'unauthenticated', 'Please login first'),
    );
    expect(heard).toHaveBeenCalledOnce();
  });

  it('is not announced when the call expects it (a wrong password)', async () => {
    const heard = browserWithAnswer(401, {
      error: 'invalid_credentials',
      message: 'Invalid username or password',
    });
    await expect(requestJson('/api/auth/login', { unauthorizedIsExpected: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(heard).not.toHaveBeenCalled();
  });

  it('is not a 403 or any other refusal', async () => {
    const heard = browserWithAnswer(403, { error: 'forbidden', message: 'Administrators only' });
    await expect(requestJson('/api/admin/stats')).rejects.toBeInstanceOf(ApiError);
    expect(heard).not.toHaveBeenCalled();
  });

  it('logs out and asks to sign in, except on the success pages', () => {
    expect(unauthorizedResponse('/en/history', true)).toEqual({ signOut: true, openSignIn: true });
    expect(unauthorizedResponse('/fr/payment/success', true)).toEqual({ signOut: true, openSignIn: false });
    expect(unauthorizedResponse('/en/subscription/success', false)).toEqual({
      signOut: false,
      openSignIn: false,
    });
    expect(unauthorizedResponse('/en/community', false)).toEqual({ signOut: false, openSignIn: true });
  });
});
