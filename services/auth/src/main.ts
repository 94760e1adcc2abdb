// Composition root of the auth service.
import { baseConfigShape, configTypes, loadConfig } from '@pictura/common/config';
import { AuthService } from '@pictura/common/gen/auth/v1/auth_pb';
import { startServiceHost } from '@pictura/common/service-host';
import { authGrpc } from './auth.grpc.ts';
import { schema } from './db/schema.ts';
import { createUsersRepository } from './users.repository.ts';

const config = loadConfig({ ...baseConfigShape, METRICS_PORT: configTypes.port.default(9101) });
const host = await startServiceHost({
  service: 'auth',
  config,
  address: config.AUTH_ADDR,
  schema,
  migrationsFolder: new URL('../migrations', import.meta.url).pathname,
});
host.server.add(AuthService, authGrpc(createUsersRepository(host.database.db)));
await host.listen();
