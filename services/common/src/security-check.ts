// The security check's contract between the gateway (which verifies the proof of work) and the services that
// ask for it: the header a client sends its solution in, and the one answer that asks for a check.
import { AppError } from './app-error.ts';

/** The solved challenge (altcha payload, base64 JSON), on POST /api/auth/login, /register and generations. */
export const SECURITY_CHECK_HEADER = 'x-pictura-security-check';

/** 403 `challenge_required`: solve GET /api/security-check/challenge and send the request again with the header. */
export const challengeRequired = () =>
  new AppError('permission_denied', 'Please complete the security check', 'challenge_required');
