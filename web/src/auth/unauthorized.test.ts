// Spec 4: any 401 on any call logs the user out and opens the sign-in modal, except on the payment and
// subscription success pages; a refused password on the sign-in form is not such a 401.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, requestJson, UNAUTHORIZED_EVENT } from '../api/http.ts';
import { TOKEN_KEY } from './auth-storage.ts';
import { unauthorizedResponse } from './startup-auth.ts';

describe('a 401 from any call', () => {
  afterEach(() => vi.unstubAllGlobals());

  function browserWithAnswer(status: number, body: unknown, beforeAnswer = () => {}) {
    const stored = new Map<string, string>();
    const localStorage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    };
    const events = Object.assign(new EventTarget(), { localStorage });
    const heard = vi.fn();
    events.addEventListener(UNAUTHORIZED_EVENT, heard);
    vi.stubGlobal('window', events);
    vi.stubGlobal('CustomEvent', class extends Event {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        beforeAnswer();
        return new Response(JSON.stringify(body), { status });
      }),
    );
    return { heard, localStorage };
  }

  it('is announced to the app, which signs out', async () => {
    const { heard } = browserWithAnswer(401, { error: 'unauthenticated', message: 'Please login first' });
    await expect(requestJson('/api/history')).rejects.toEqual(
      new ApiError(401, 'unauthenticated', 'Please login first'),
    );
    expect(heard).toHaveBeenCalledOnce();
  });

  it('is not announced when the call expects it (a wrong password)', async () => {
    const { heard } = browserWithAnswer(401, {
      error: 'invalid_credentials',
      message: 'Invalid username or password',
    });
    await expect(requestJson('/api/auth/login', { unauthorizedIsExpected: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(heard).not.toHaveBeenCalled();
  });

  it('is not a 403 or any other refusal', async () => {
    const { heard } = browserWithAnswer(403, { error: 'forbidden', message: 'Administrators only' });
    await expect(requestJson('/api/admin/stats')).rejects.toBeInstanceOf(ApiError);
    expect(heard).not.toHaveBeenCalled();
  });

  it('is not announced for a session that ended while the call was under way', async () => {
    let storage: { removeItem(key: string): void } | undefined;
    const browser = browserWithAnswer(401, { error: 'unauthenticated', message: 'Please login first' }, () =>
      storage?.removeItem(TOKEN_KEY),
    );
    storage = browser.localStorage;
    browser.localStorage.setItem(TOKEN_KEY, 'deleted-account-token');
    await expect(requestJson('/api/history')).rejects.toBeInstanceOf(ApiError);
    expect(browser.heard).not.toHaveBeenCalled();

    // The same answer for the session still in use is announced.
    browser.localStorage.setItem(TOKEN_KEY, 'live-token');
    storage = undefined;
    await expect(requestJson('/api/history')).rejects.toBeInstanceOf(ApiError);
    expect(browser.heard).toHaveBeenCalledOnce();
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
