// Community over a fresh database of the given engine, with the real services it talks to: auth (who is
// an admin) and history (the items users publish from, served over gRPC), sharing one object store.
import { randomUUID } from 'node:crypto';
import { createAdminCheck } from '@pictura/common/admin-check';
import type { ServiceDatabase } from '@pictura/common/database';
import { HistoryService } from '@pictura/common/gen/history/v1/history_pb';
import { createServiceClient } from '@pictura/common/grpc-client';
import { createGrpcServer } from '@pictura/common/grpc-server';
import { createLogger } from '@pictura/common/logger';
import type { ImageScene } from '@pictura/common/scene';
import { sceneMessage } from '@pictura/common/scene-message';
import { startAuthService, type TestAuthService } from '../../../test/support/auth-service.ts';
import { type Engine, openTestDatabase } from '../../../test/support/databases.ts';
import {
  type HistoryFixture,
  openHistoryFixture,
  storeImage,
} from '../../history/test/history.test-support.ts';
import { composeCommunity } from '../src/community.compose.ts';
import { schema } from '../src/db/schema.ts';
import type { PublishInput } from '../src/posts.service.ts';

export interface CommunityFixture {
  database: ServiceDatabase<typeof schema>;
  community: ReturnType<typeof composeCommunity>;
  history: HistoryFixture;
  auth: TestAuthService;
  /** Registers an account with auth; the first one (id 1) is the administrator. */
  user(name?: string): Promise<number>;
  /** Records a finished generation of the user's in history; returns the item id. */
  historyItem(
    userId: number,
    fields?: { private?: boolean; flagged?: boolean; prompt?: string; scene?: ImageScene },
  ): Promise<string>;
  /** Publishes a fresh history item of the author's with valid defaults. */
  publish(
    authorId: number,
    fields?: Partial<PublishInput>,
  ): ReturnType<ReturnType<typeof composeCommunity>['posts']['publish']>;
  close(): Promise<void>;
}

let names = 0;

export async function openCommunityFixture(engine: Engine): Promise<CommunityFixture> {
  const history = await openHistoryFixture(engine);
  const auth = await startAuthService(engine);
  const database = await openTestDatabase(engine, {
    service: 'community',
    schema,
    migrationsFolder: new URL('../migrations', import.meta.url).pathname,
  });
  const logger = createLogger('community-test', 'silent');
  const historyServer = createGrpcServer('history', logger);
  historyServer.add(HistoryService, history.grpc);
  const port = await historyServer.listen('127.0.0.1', 0);
  const historyClient = createServiceClient(HistoryService, `127.0.0.1:${port}`, { deadlineMs: 5000 });
  const community = composeCommunity({
    db: database.db,
    // No caching: tests promote and ban users and expect the next call to know.
    admin: createAdminCheck(auth.client, 0),
    history: historyClient,
    images: history.store,
    settingsCacheMs: 0,
  });

  const historyItem: CommunityFixture['historyItem'] = async (userId, fields = {}) => {
    const item = await historyClient.recordItem({
      jobId: randomUUID(),
      userId,
      type: 'generated',
      prompt: fields.prompt ?? 'a lighthouse at dusk',
      negativePrompt: 'blurry',
      model: 'pictura-abstract',
      optionsJson: JSON.stringify({ aspectRatio: 'square', style: 'watercolor', seed: 42, count: 1 }),
      images: [
        {
          key: await storeImage(history.store),
          width: 512,
          height: 512,
          seed: 42,
          flagged: fields.flagged,
          scene: sceneMessage(fields.scene),
        },
      ],
      private: fields.private ?? false,
    });
    return item.id;
  };

  return {
    database,
    community,
    history,
    auth,
    async user(name) {
      const signed = await auth.client.register({
        username: name ?? `user${++names}x${process.pid}`,
        password: 'community password',
        clientIp: '127.0.0.1',
      });
      return signed.user!.id;
    },
    historyItem,
    async publish(authorId, fields = {}) {
      return community.posts.publish({
        authorId,
        authorName: `author ${authorId}`,
        authorAvatar: '',
        historyId: fields.historyId ?? (await historyItem(authorId)),
        imageIndex: 0,
        title: 'A lighthouse',
        description: '',
        tags: [],
        agree: true,
        ...fields,
      });
    },
    async close() {
      historyClient.close();
      await historyServer.shutdown();
      await database.close();
      await auth.close();
      await history.close();
    },
  };
}
