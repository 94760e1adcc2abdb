// Billing's tables behind one handle, with transactions that span them: applying a provider event
// (store the event id, the subscription, the payment and the checkout) happens entirely or not at all.
import type { AuditLogRepository } from '@pictura/common/audit-log';
import type { Database } from '@pictura/common/database';
import { createBillingAuditLog } from './audit-log.repository.ts';
import { type CheckoutsRepository, createCheckoutsRepository } from './checkouts.repository.ts';
import type { schema } from './db/schema.ts';
import { createPaymentsRepository, type PaymentsRepository } from './payments.repository.ts';
import { createSubscriptionsRepository, type SubscriptionsRepository } from './subscriptions.repository.ts';

export interface LedgerRepositories {
  subscriptions: SubscriptionsRepository;
  checkouts: CheckoutsRepository;
  payments: PaymentsRepository;
  /** Admins' actions on billing data (plan grants, support request status): append-only. */
  audit: AuditLogRepository;
}

export interface Ledger extends LedgerRepositories {
  transaction<T>(work: (ledger: LedgerRepositories) => Promise<T>): Promise<T>;
}

function repositoriesOver(db: Database<typeof schema>): LedgerRepositories {
  return {
    subscriptions: createSubscriptionsRepository(db),
    checkouts: createCheckoutsRepository(db),
    payments: createPaymentsRepository(db),
    audit: createBillingAuditLog(db),
  };
}

export function createLedger(db: Database<typeof schema>): Ledger {
  return {
    ...repositoriesOver(db),
    transaction: (work) =>
      db.transaction((tx) => work(repositoriesOver(tx as unknown as Database<typeof schema>))),
  };
}
