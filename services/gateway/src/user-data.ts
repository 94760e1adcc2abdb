// Account deletion across services: the gateway is the one caller of every service, so it fans out.
import type { ServiceClients } from './clients.ts';

/**
 * Asks every service to delete (billing: mark) the user's data. Each call is idempotent, so a failed
 * deletion is simply retried by the user; that is why it runs before auth deletes the account. The image
 * files go with the data: each service lets go of its holds in the object store, and a file nothing else
 * holds is deleted there and then.
 */
export async function deleteUserData(
  clients: ServiceClients,
  userId: number,
  requestId: string,
): Promise<{ historyItems: number; deletedFiles: number }> {
  const options = { requestId };
  const [history] = await Promise.all([
    clients.history.deleteUserData({ userId }, options),
    clients.community.deleteUserData({ userId }, options),
    clients.billing.deleteUserData({ userId }, options),
  ]);
  return { historyItems: history.deletedItems, deletedFiles: history.deletedFiles };
}
