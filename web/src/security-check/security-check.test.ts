import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http.ts';
import { registerSecurityCheckSolver, SECURITY_CHECK_HEADER, withSecurityCheck } from './security-check.ts';

const challengeRequired = () => new ApiError(403, 'challenge_required', 'Please complete the security check');

describe('withSecurityCheck', () => {
  it('solves the check once and sends the call again with the solution', async () => {
    const unregister = registerSecurityCheckSolver(async () => 'solved-payload');
    const sent: Record<string, string>[] = [];
    const result = await withSecurityCheck(async (headers) => {
      sent.push(headers);
      if (sent.length === 1) throw challengeRequired();
      return 'signed in';
    });
    unregister();
    expect(result).toBe('signed in');
    expect(sent).toEqual([{}, { [SECURITY_CHECK_HEADER]: 'solved-payload' }]);
  });

  it('gives the refusal back when the check is asked again, cancelled, or no dialog is mounted', async () => {
    const unregister = registerSecurityCheckSolver(async () => 'solved-payload');
    let calls = 0;
    await expect(
      withSecurityCheck(async () => {
        calls++;
        throw challengeRequired();
      }),
    ).rejects.toMatchObject({ code: 'challenge_required' });
    expect(calls).toBe(2);
    unregister();

    const cancelled = registerSecurityCheckSolver(async () => {
      throw new Error('cancelled');
    });
    await expect(withSecurityCheck(async () => Promise.reject(challengeRequired()))).rejects.toBeInstanceOf(
      ApiError,
    );
    cancelled();
    await expect(withSecurityCheck(async () => Promise.reject(challengeRequired()))).rejects.toMatchObject({
      status: 403,
    });
  });

  it('leaves other errors alone', async () => {
    const unregister = registerSecurityCheckSolver(async () => 'never used');
    let calls = 0;
    await expect(
      withSecurityCheck(async () => {
        calls++;
        throw new ApiError(401, 'invalid_credentials', 'Invalid username or password');
      }),
    ).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(calls).toBe(1);
    unregister();
  });
});
