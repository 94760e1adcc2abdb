// `npm run admin -- grant-plan <username> <plan> [--months N | --until YYYY-MM-DD] [--note "…"]`
//
// The operator's console for a running instance: it talks gRPC to auth and billing at the addresses the
// services use (AUTH_ADDR, BILLING_ADDR, as the gateway reads them). It acts as the owner account (user 1,
// always an administrator, spec section 6), so billing checks an administrator exactly as for the web
// console, and the grant is recorded as given by that account. Exit code 0 on success, 1 on any failure.
import { parseArgs } from 'node:util';
import { AppError } from '@pictura/common/app-error';
import { baseConfigShape, loadConfig } from '@pictura/common/config';
import { AuthService, type User } from '@pictura/common/gen/auth/v1/auth_pb';
import { BillingService } from '@pictura/common/gen/billing/v1/billing_pb';
import { createServiceClient } from '@pictura/common/grpc-client';
import type { AuthClient, BillingClient } from './clients.ts';

const USAGE = `usage: npm run admin -- grant-plan <username> <plan> [--months N | --until YYYY-MM-DD] [--note "…"]
       npm run admin -- help

  grant-plan   gives <username> a paid plan (premium, ultimate or enterprise) without payment, for
               --months N (1 to 36, default 1) or until --until YYYY-MM-DD (00:00 UTC of that day);
               the note is shown to administrators. The user sees it in their billing history.

Talks to the running auth and billing services at AUTH_ADDR and BILLING_ADDR (defaults ${baseConfigShape.AUTH_ADDR.parse(undefined)} and ${baseConfigShape.BILLING_ADDR.parse(undefined)}).`;

const GRANTABLE = ['premium', 'ultimate', 'enterprise'];
/** User 1 is always an administrator (spec section 6): the operator acts as that account. */
const OWNER_ID = 1;

class CliError extends Error {}

interface Clients {
  auth: AuthClient;
  billing: BillingClient;
}

/** Turns what the services answer into a sentence for an operator. */
function explain(error: unknown, service: string): never {
  if (error instanceof AppError) {
    if (error.code === 'unavailable' || error.code === 'deadline_exceeded') {
      throw new CliError(`cannot reach the ${service} service: is Pictura running (npm start)?`);
    }
    throw new CliError(error.message);
  }
  throw error;
}

async function operator(auth: AuthClient): Promise<User> {
  const owner = await auth.getUser({ userId: OWNER_ID }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') return undefined;
    return explain(error, 'auth');
  });
  if (!owner?.isAdmin || owner.banned) {
    throw new CliError('no administrator account yet: register the first account (it is the administrator)');
  }
  return owner;
}

/** The account with exactly this username (ListUsers' search matches parts of names too). */
async function findUser(auth: AuthClient, callerId: number, username: string): Promise<User> {
  const wanted = username.replace(/^@/, '').toLowerCase();
  let cursor = '';
  do {
    const page = await auth
      .listUsers({ callerId, query: wanted, cursor, limit: 100 })
      .catch((error: unknown) => explain(error, 'auth'));
    const found = page.users.find((user) => user.username.toLowerCase() === wanted);
    if (found) return found;
    cursor = page.nextCursor;
  } while (cursor);
  throw new CliError(`unknown user: no account has the username "${username}"`);
}

async function grantPlan(args: string[], clients: Clients): Promise<string> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { months: { type: 'string' }, until: { type: 'string' }, note: { type: 'string' } },
  });
  const [username, rawPlan, ...extra] = positionals;
  if (!username || !rawPlan || extra.length) throw new CliError(`expected <username> <plan>\n${USAGE}`);
  const plan = rawPlan.toLowerCase();
  if (!GRANTABLE.includes(plan)) {
    throw new CliError(`unknown plan "${rawPlan}": choose ${GRANTABLE.join(', ')}`);
  }
  if (values.months !== undefined && values.until !== undefined) {
    throw new CliError('give --months or --until, not both');
  }
  const months = values.until === undefined ? Number(values.months ?? 1) : 0;
  if (values.until === undefined && !(Number.isInteger(months) && months >= 1 && months <= 36)) {
    throw new CliError('--months must be a whole number from 1 to 36');
  }
  if (values.until !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.until)) {
    throw new CliError('--until must be a date as YYYY-MM-DD');
  }

  const admin = await operator(clients.auth);
  const user = await findUser(clients.auth, admin.id, username);
  const granted = await clients.billing
    .grantPlan({
      callerId: admin.id,
      userId: user.id,
      plan,
      months,
      endsAt: values.until ?? '',
      note: values.note ?? '',
    })
    .catch((error: unknown) => explain(error, 'billing'));
  return `granted ${plan} to @${user.username} (user ${user.id}) until ${granted.currentPeriodEnd} (subscription ${granted.id})`;
}

/** Runs one command; resolves to what to print, or rejects with a CliError naming what went wrong. */
async function runAdminCommand(argv: string[], clients: () => Clients): Promise<string> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') return USAGE;
  if (command === 'grant-plan') return grantPlan(rest, clients());
  throw new CliError(`unknown command "${command}"\n${USAGE}`);
}

async function main() {
  const config = loadConfig({
    AUTH_ADDR: baseConfigShape.AUTH_ADDR,
    BILLING_ADDR: baseConfigShape.BILLING_ADDR,
    GRPC_DEADLINE_MS: baseConfigShape.GRPC_DEADLINE_MS,
  });
  const settings = { deadlineMs: Math.min(config.GRPC_DEADLINE_MS, 5000) };
  let opened: { auth: ReturnType<typeof createAuth>; billing: ReturnType<typeof createBilling> } | undefined;
  const createAuth = () => createServiceClient(AuthService, config.AUTH_ADDR, settings);
  const createBilling = () => createServiceClient(BillingService, config.BILLING_ADDR, settings);
  try {
    const text = await runAdminCommand(process.argv.slice(2), () => {
      opened = { auth: createAuth(), billing: createBilling() };
      return opened;
    });
    process.stdout.write(`${text}\n`);
    process.exitCode = 0;
  } catch (error) {
    const message = error instanceof CliError ? error.message : String(error);
    process.stderr.write(`error: ${message}\n`);
    process.exitCode = 1;
  } finally {
    opened?.auth.close();
    opened?.billing.close();
  }
}

await main();
