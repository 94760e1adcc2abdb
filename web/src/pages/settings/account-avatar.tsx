// The account's picture, shown on the settings page.
import { type CSSProperties, useState } from 'react';
import type { SessionUser } from '../../api/auth.ts';

/** The picture, or the initial on a colour of the user's own; a link that fails to load falls back too. */
export function AccountAvatar({ user, picture, size }: { user: SessionUser; picture: string; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const name = user.name || user.username || user.email || '?';
  if (picture && failed !== picture) {
    return (
      <img
        className="avatar settings-avatar"
        src={picture}
        alt=""
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        onError={() => setFailed(picture)}
      />
    );
  }
  return (
    <span
      className="avatar avatar--initial settings-avatar"
      aria-hidden="true"
      style={
        {
          inlineSize: size,
          blockSize: size,
          fontSize: size / 2.4,
          '--avatar-hue': (user.id * 47) % 360,
        } as CSSProperties
      }
    >
      {[...name][0]?.toUpperCase()}
    </span>
  );
}
