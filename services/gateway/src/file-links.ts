// Who may read an image file (/files/<key>). The rule:
//
// - A file that a private history item shows (a private generation, an Ultimate plan feature) is served only
//   through a link the gateway signed for its owner: `/files/<key>?expires=<unix s>&sig=<HMAC-SHA256>`, handed
//   out in that owner's job results and history answers. Its bare URL, an expired link and a forged one all
//   answer 404, exactly as for a file that does not exist, so nobody learns that it exists.
// - Every other file is public and cached forever (keys are content hashes, so its bytes never change).
//
// Links are signed by services/common's file-link-signer (FILES_SIGNING_SECRET, else a per-deployment key in
// Redis). Which files are private is history's answer (GetImageAccess), remembered here for a while:
// a private answer never changes (a private item cannot be published), a public one is asked again after
// PUBLIC_ANSWER_TTL_MS, in case a private item showing the file was recorded since.
import { createFileLinkSigner, type FileLinkSigner } from '@pictura/common/file-link-signer';
import type { Redis } from 'ioredis';
import type { HistoryClient } from './clients.ts';

export { FILE_LINK_TTL_S } from '@pictura/common/file-link-signer';

const PUBLIC_ANSWER_TTL_MS = 60_000;
const MAX_REMEMBERED = 10_000;

export interface FileLinks extends FileLinkSigner {
  /** Whether the file may be served without a signed link (history unreachable: its error, a 503). */
  isPublic(key: string, requestId: string): Promise<boolean>;
}

export function createFileLinks(deps: {
  redis: Redis;
  queuePrefix: string;
  secret?: string;
  /** Without history (tests of other routes) every file is public. */
  history?: HistoryClient;
  now?: () => number;
}): FileLinks {
  const now = deps.now ?? Date.now;
  const signer = createFileLinkSigner(deps);

  const answers = new Map<string, { isPublic: boolean; until: number }>();
  const remember = (key: string, isPublic: boolean) => {
    answers.delete(key);
    answers.set(key, { isPublic, until: isPublic ? now() + PUBLIC_ANSWER_TTL_MS : Number.POSITIVE_INFINITY });
    if (answers.size > MAX_REMEMBERED) answers.delete(answers.keys().next().value!);
    return isPublic;
  };

  return {
    signedUrl: signer.signedUrl,
    signedLinks: signer.signedLinks,
    verify: signer.verify,
    async isPublic(key, requestId) {
      if (!deps.history) return true;
      const known = answers.get(key);
      if (known && known.until > now()) return known.isPublic;
      const access = await deps.history.getImageAccess({ key }, { requestId });
      return remember(key, !access.private);
    },
  };
}
