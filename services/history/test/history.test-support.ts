// A history service on a fresh database of the given engine and an object store in a temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceDatabase } from '@pictura/common/database';
import { createLogger } from '@pictura/common/logger';
import { createFileObjectStore, type ObjectStore } from '@pictura/common/object-store';
import { type Engine, openTestDatabase } from '../../../test/support/databases.ts';
import { schema } from '../src/db/schema.ts';
import { historyGrpc } from '../src/history.grpc.ts';
import { createHistoryService, type HistoryDomain } from '../src/history.service.ts';
import { createItemsRepository, type ItemsRepository } from '../src/items.repository.ts';

export interface HistoryFixture {
  database: ServiceDatabase<typeof schema>;
  items: ItemsRepository;
  store: ObjectStore;
  history: HistoryDomain;
  grpc: ReturnType<typeof historyGrpc>;
  /** The clock the store's sweep reads. */
  clock: { now: number };
  /** The object store's folder. */
  root: string;
  close(): Promise<void>;
}

export async function openHistoryFixture(engine: Engine): Promise<HistoryFixture> {
  const database = await openTestDatabase(engine, {
    service: 'history',
    schema,
    migrationsFolder: new URL('../migrations', import.meta.url).pathname,
  });
  const root = mkdtempSync(join(tmpdir(), 'pictura-history-'));
  const clock = { now: Date.now() };
  const store = createFileObjectStore(root, { now: () => clock.now });
  const items = createItemsRepository(database.db);
  const history = createHistoryService({ items, store, logger: createLogger('history-test', 'silent') });
  return {
    database,
    items,
    store,
    history,
    grpc: historyGrpc(history),
    clock,
    root,
    async close() {
      await database.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** Stores bytes no other call stores and returns the key. */
export async function storeImage(store: ObjectStore): Promise<string> {
  const bytes = Buffer.from(`image ${process.pid} ${++counter} ${Math.random()}`);
  return (await store.put(new Uint8Array(bytes), 'png')).key;
}

export const grpcContext = { signal: new AbortController().signal, requestId: 'test' };
