// Composition root of the history service.
import { baseConfigShape, configTypes, loadConfig, objectStoreConfigShape } from '@pictura/common/config';
import { HistoryService } from '@pictura/common/gen/history/v1/history_pb';
import { createObjectStore } from '@pictura/common/object-stores';
import { startServiceHost } from '@pictura/common/service-host';
import { z } from 'zod';
import { schema } from './db/schema.ts';
import { historyGrpc } from './history.grpc.ts';
import { createHistoryService } from './history.service.ts';
import { createItemsRepository } from './items.repository.ts';
import { startObjectSweeper } from './object-sweeper.ts';

const config = loadConfig({
  ...baseConfigShape,
  ...objectStoreConfigShape,
  METRICS_PORT: configTypes.port.default(9104),
  /** How long a file nobody holds (a guest's output, an abandoned upload) is kept: 24 h by default. */
  GUEST_OUTPUT_TTL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(24 * 3600_000),
  /** How often history sweeps the object store for such files. */
  OBJECT_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(5 * 60_000),
});
const host = await startServiceHost({
  service: 'history',
  config,
  address: config.HISTORY_ADDR,
  schema,
  migrationsFolder: new URL('../migrations', import.meta.url).pathname,
});
// The same store the gateway and the worker write to (a shared volume or bucket in Kubernetes).
const store = createObjectStore(config, { dataDir: config.DATA_DIR });
const history = createHistoryService({
  items: createItemsRepository(host.database.db),
  store,
  logger: host.logger,
});
host.server.add(HistoryService, historyGrpc(history));
await host.listen();
const sweeper = startObjectSweeper({
  history,
  store,
  logger: host.logger,
  ttlMs: config.GUEST_OUTPUT_TTL_MS,
  intervalMs: config.OBJECT_SWEEP_INTERVAL_MS,
});
host.shutdown.add('object sweeper', () => sweeper.stop());
// A first round now: it holds the images of items recorded before files had holds (idempotent; only rows
// not marked held are read, so later starts do almost nothing). Every round settles holds before it
// deletes, so no replica's sweep can remove such an image first.
sweeper.runOnce().catch((error) => host.logger.error({ err: error }, 'object sweep failed'));
