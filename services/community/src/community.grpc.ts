import { AppError } from '@pictura/common/app-error';
import { decodeCursor, encodeCursor, pageLimit } from '@pictura/common/cursor';
import type { CommunityService } from '@pictura/common/gen/community/v1/community_pb';
import type { ServiceImpl } from '@pictura/common/grpc-types';
import type { PostsRepository } from './posts.repository.ts';

export function communityGrpc(repository: PostsRepository): ServiceImpl<typeof CommunityService> {
  return {
    async listPosts(request) {
      if (request.sort !== '' && request.sort !== 'latest') {
        throw new AppError('invalid_argument', `Unknown sort: ${request.sort}`);
      }
      const limit = pageLimit(request.limit);
      const rows = await repository.latest(request.tag, decodeCursor(request.cursor), limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        nextCursor:
          rows.length > limit && last ? encodeCursor({ key: last.createdAt.toISOString(), id: last.id }) : '',
      };
    },
    // The schema has no likes or reports table yet: posts are all a user leaves here so far.
    async deleteUserData({ userId }) {
      if (userId === 0) throw new AppError('invalid_argument', 'Guests have no posts');
      return { deletedPosts: await repository.deleteAllByAuthor(userId) };
    },
  };
}
