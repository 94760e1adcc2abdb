// Account deletion across services: the gateway is the one caller of every service, so it fans out.
import type { UserDataClients } from './clients.ts';

/**
 * Asks every service to delete (billing: mark) the user's data. Each call is idempotent, so a failed
 * deletion is simply retried by the user; that is why it runs before auth deletes the account.
 */
export async function deleteUserData(
  clients: UserDataClients,
  userId: number,
  requestId: string,
): Promise<{ imageKeys: string[] }> {
  const options = { requestId };
  const [history] = await Promise.all([
    clients.history.deleteUserData({ userId }, options),
    clients.community.deleteUserData({ userId }, options),
    clients.billing.deleteUserData({ userId }, options),
  ]);
  return { imageKeys: history.imageKeys };
}
