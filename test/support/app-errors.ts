// The AppError a call refused with, so a test can assert its code and reason; anything else fails the test.
import { AppError } from '@pictura/common/app-error';

export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}
