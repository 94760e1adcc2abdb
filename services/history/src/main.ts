// Composition root of the history service.
import { baseConfigShape, configTypes, loadConfig } from '@pictura/common/config';
import { HistoryService } from '@pictura/common/gen/history/v1/history_pb';
import { startServiceHost } from '@pictura/common/service-host';
import { schema } from './db/schema.ts';
import { historyGrpc } from './history.grpc.ts';
import { createItemsRepository } from './items.repository.ts';

const config = loadConfig({ ...baseConfigShape, METRICS_PORT: configTypes.port.default(9104) });
const host = await startServiceHost({
  service: 'history',
  config,
  address: config.HISTORY_ADDR,
  schema,
  migrationsFolder: new URL('../migrations', import.meta.url).pathname,
});
host.server.add(HistoryService, historyGrpc(createItemsRepository(host.database.db)));
await host.listen();
