import type { CSSProperties } from 'react';
import type { SessionUser } from '../../api/auth.ts';

/** The user's picture, or their initial on a colour of their own when there is none. */
export function UserAvatar({ user, size = 32 }: { user: SessionUser; size?: number }) {
  const name = user.name || user.username || '?';
  const picture = user.picture || user.avatar;
  if (picture) {
    return (
      <img className="avatar" src={picture} alt="" width={size} height={size} referrerPolicy="no-referrer" />
    );
  }
  const hue = (user.id * 47) % 360;
  return (
    <span
      className="avatar avatar--initial"
      aria-hidden="true"
      style={{ inlineSize: size, blockSize: size, '--avatar-hue': hue } as CSSProperties}
    >
      {[...name][0]?.toUpperCase()}
    </span>
  );
}

export function displayName(user: SessionUser): string {
  return user.name || user.username || user.email;
}
