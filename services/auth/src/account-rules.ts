// The spec leaves registration rules open; these are ours, each failure with its own message.
import { AppError } from '@pictura/common/app-error';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 64;
export const AVATAR_URL_MAX = 2048;

const USERNAME_CHARACTERS = /^[A-Za-z0-9._-]+$/;

/** 3–32 characters: letters, digits, dot, underscore, hyphen. Unique ignoring case. */
export function checkUsername(username: string): void {
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) {
    throw new AppError(
      'invalid_argument',
      `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters`,
      'invalid_username',
    );
  }
  if (!USERNAME_CHARACTERS.test(username)) {
    throw new AppError(
      'invalid_argument',
      'Username may contain only letters, digits, dots, underscores and hyphens',
      'invalid_username',
    );
  }
}

/** 8–128 characters, not only digits, not the username. */
export function checkPassword(password: string, username: string): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN) {
    throw new AppError(
      'invalid_argument',
      `Password must be at least ${PASSWORD_MIN} characters`,
      'weak_password',
    );
  }
  if (length > PASSWORD_MAX) {
    throw new AppError(
      'invalid_argument',
      `Password must be at most ${PASSWORD_MAX} characters`,
      'invalid_password',
    );
  }
  if (/^\d+$/.test(password)) {
    throw new AppError('invalid_argument', 'Password must not be only digits', 'weak_password');
  }
  if (password.toLowerCase() === username.toLowerCase()) {
    throw new AppError('invalid_argument', 'Password must not be the same as the username', 'weak_password');
  }
}

export function checkProfileName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > NAME_MAX) {
    throw new AppError('invalid_argument', `Name must be 1 to ${NAME_MAX} characters`, 'invalid_name');
  }
  return trimmed;
}

/** An avatar is an https URL or a path into our own object store; empty means the default avatar. */
export function checkAvatar(avatar: string): string {
  if (avatar === '') return '';
  if (avatar.length > AVATAR_URL_MAX)
    throw new AppError('invalid_argument', 'Avatar link is too long', 'invalid_avatar');
  if (/^\/files\/[A-Za-z0-9._-]+$/.test(avatar)) return avatar;
  try {
    const url = new URL(avatar);
    if (url.protocol === 'https:') return url.toString();
  } catch {}
  throw new AppError(
    'invalid_argument',
    'Avatar must be an https link or an uploaded image',
    'invalid_avatar',
  );
}
