// `npm run admin -- grant-plan <username> <plan> [--months N | --until YYYY-MM-DD] [--note "…"]`
// `npm run admin -- promote|demote <username>`, `npm run -s admin -- reset-password <username> [--stdin]`
// `npm run -s admin -- signing-keys new|rotate [...]`
//
// The operator's console. grant-plan, promote, demote and reset-password talk gRPC to auth and billing at the
// addresses the services use (AUTH_ADDR, BILLING_ADDR, as the gateway reads them). They act as the owner
// account (user 1, always an administrator, spec section 6), so the services check an administrator exactly
// as for the web console, and a grant is recorded as given by that account. reset-password works on user 1
// too: it is how an operator recovers the administrator account. A password never comes from the command
// line (ps shows it): a random one is printed once, or --stdin reads it. signing-keys needs no running service: it prints a value
// for AUTH_SIGNING_KEYS on stdout (what it did on stderr). Exit code 0 on success, 1 on any failure.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AppError } from '@pictura/common/app-error';
import { baseConfigShape, loadConfig } from '@pictura/common/config';
import { AuthService, type User } from '@pictura/common/gen/auth/v1/auth_pb';
import { BillingService } from '@pictura/common/gen/billing/v1/billing_pb';
import { createServiceClient } from '@pictura/common/grpc-client';
import { GRANTABLE_PLANS } from '@pictura/common/plan-catalog';
import {
  newSigningKeys,
  promoteSigningKey,
  rotateSigningKeys,
  type SigningKeyFormat,
} from '@pictura/common/signing-key-set';
import { z } from 'zod';
import type { AuthClient, BillingClient } from './clients.ts';

const USAGE = `usage: npm run admin -- grant-plan <username> <plan> [--months N | --until YYYY-MM-DD] [--note "…"]
       npm run admin -- promote <username>
       npm run admin -- demote <username>
       npm run -s admin -- reset-password <username> [--stdin]
       npm run -s admin -- signing-keys new [--format pem|jwk]
       npm run -s admin -- signing-keys rotate [--stage] [--keep N] [--from FILE] [--format pem|jwk]
       npm run -s admin -- signing-keys promote [--from FILE]
       npm run admin -- help

  grant-plan   gives <username> a paid plan (premium, ultimate or enterprise) without payment, for
               --months N (1 to 36, default 1) or until --until YYYY-MM-DD (00:00 UTC of that day);
               the note is shown to administrators. The user sees it in their billing history.

  promote      makes <username> an administrator.
  demote       takes it back; the first account (user 1) is always an administrator.

  reset-password  gives <username> a new password and ends every session of theirs (signed-in devices
               must sign in again). It prints a random password once on stdout; with --stdin it reads the
               new one from standard input instead (8 to 128 characters). Works for the first account:
               this is how to recover the administrator account.

  signing-keys prints a value for AUTH_SIGNING_KEYS (every auth replica needs the same one) on stdout,
               what changed on stderr; -s keeps npm's banner out of stdout. The first key signs, every
               key verifies. The current value is read from AUTH_SIGNING_KEYS, or --from FILE holding the
               value or a .env file that sets it. Kept keys are copied unchanged.
    new        one new Ed25519 key: a JSON array on one line (PEM inside; --format jwk writes a private
               JWK, simplest in a .env file).
    rotate     a new key in front of the current ones: it signs once auth restarts, and the old keys
               still verify the sessions they signed. With several auth replicas use --stage: the new key
               goes behind the signer, so every replica knows it before any signs with it; once all run
               that value, promote. --keep N keeps at most N current keys: drop a key once the sessions
               it signed have expired (AUTH_SESSION_DAYS); --keep 0 ends every session (a leaked key).
    promote    the second key (a staged one) becomes the signer; the previous signer still verifies.

grant-plan, promote, demote and reset-password talk to the running auth and billing services at AUTH_ADDR and BILLING_ADDR (defaults ${baseConfigShape.AUTH_ADDR.parse(undefined)} and ${baseConfigShape.BILLING_ADDR.parse(undefined)}).`;

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
  if (!(GRANTABLE_PLANS as readonly string[]).includes(plan)) {
    throw new CliError(`unknown plan "${rawPlan}": choose ${GRANTABLE_PLANS.join(', ')}`);
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

async function setAdmin(args: string[], auth: AuthClient, admin: boolean): Promise<string> {
  const [username, ...extra] = args;
  if (!username || extra.length) throw new CliError(`expected <username>\n${USAGE}`);
  const owner = await operator(auth);
  const user = await findUser(auth, owner.id, username);
  if (!admin && user.id === OWNER_ID) {
    throw new CliError(
      `@${user.username} is the first account (user ${OWNER_ID}): it is always an administrator and cannot be demoted`,
    );
  }
  const changed = await auth
    .setAdmin({ callerId: owner.id, userId: user.id, isAdmin: admin })
    .catch((error: unknown) => explain(error, 'auth'));
  if (!admin && changed.isAdmin) {
    throw new CliError(`@${user.username} keeps the administrator role: it is given by their account's role`);
  }
  return `@${user.username} (user ${user.id}) is ${admin ? 'now an administrator' : 'no longer an administrator'}`;
}

/** 24 characters from 18 random bytes (144 bits): letters, digits, - and _. */
const randomPassword = () => randomBytes(18).toString('base64url');

async function resetPassword(
  args: string[],
  auth: AuthClient,
  readStdin: () => Promise<string>,
): Promise<AdminOutput> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { stdin: { type: 'boolean' } },
  });
  const [username, ...extra] = positionals;
  if (!username || extra.length) {
    throw new CliError(`expected <username> (the password is never an argument: use --stdin)\n${USAGE}`);
  }
  const password = values.stdin ? (await readStdin()).replace(/\r?\n$/, '') : randomPassword();
  if (!password) throw new CliError('no password on standard input');
  const owner = await operator(auth);
  const user = await findUser(auth, owner.id, username);
  await auth
    .setUserPassword({ callerId: owner.id, userId: user.id, password })
    .catch((error: unknown) => explain(error, 'auth'));
  const done = `new password set for @${user.username} (user ${user.id}); every session of theirs has ended`;
  // The generated password is the value (stdout, once); what happened goes to stderr.
  return values.stdin ? { out: done } : { out: password, notes: done };
}

/** The AUTH_SIGNING_KEYS value in a file: the value itself, or a .env file's AUTH_SIGNING_KEYS line. */
function signingKeysInFile(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  const line = /^\s*(?:export\s+)?AUTH_SIGNING_KEYS\s*=(.*)$/m.exec(text);
  if (!line) return text;
  const value = line[1]!.trim();
  return /^(['"]).*\1$/.test(value) ? value.slice(1, -1) : value;
}

function formatOption(value: string | undefined): SigningKeyFormat | undefined {
  if (value === undefined || value === 'pem' || value === 'jwk') return value;
  throw new CliError(`--format must be pem or jwk, not "${value}"`);
}

/** Reads the current value for rotate and promote; a JSON error would quote private key material. */
function withCurrentKeys<T>(source: string, current: string | undefined, change: (value: string) => T): T {
  if (!current?.trim()) {
    throw new CliError(`no keys in ${source}: set AUTH_SIGNING_KEYS or give --from FILE`);
  }
  try {
    return change(current);
  } catch (error) {
    const why =
      error instanceof SyntaxError ? 'not a JSON array of keys nor a PEM key' : (error as Error).message;
    throw new CliError(`cannot use the keys in ${source}: ${why}`);
  }
}

function signingKeys(args: string[], currentFromEnv: () => string | undefined): AdminOutput {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      keep: { type: 'string' },
      format: { type: 'string' },
      stage: { type: 'boolean' },
    },
  });
  const [action, ...extra] = positionals;
  if (extra.length) throw new CliError(`unexpected "${extra.join(' ')}"\n${USAGE}`);
  const format = formatOption(values.format);
  const only = (allowed: string[]) => {
    const given = Object.keys(values).filter((name) => !allowed.includes(name));
    if (given.length) throw new CliError(`signing-keys ${action} takes no --${given.join(', --')}`);
  };
  if (action === 'new') {
    only(['format']);
    const { value, kid } = newSigningKeys(format);
    return { out: value, notes: `new signing key ${kid}` };
  }
  const source = values.from ?? 'AUTH_SIGNING_KEYS';
  const current = values.from !== undefined ? signingKeysInFile(values.from) : currentFromEnv();
  if (action === 'promote') {
    only(['from']);
    const promoted = withCurrentKeys(source, current, promoteSigningKey);
    return {
      out: promoted.value,
      notes: `signing key ${promoted.signer} signs once auth restarts; ${promoted.previous} still verifies`,
    };
  }
  if (action !== 'rotate') throw new CliError(`expected signing-keys new, rotate or promote\n${USAGE}`);
  if (values.keep !== undefined && !/^\d+$/.test(values.keep)) {
    throw new CliError('--keep must be a whole number, 0 or more');
  }
  const keep = values.keep === undefined ? undefined : Number(values.keep);
  const rotation = withCurrentKeys(source, current, (value) =>
    rotateSigningKeys(value, { keep, format, stage: values.stage }),
  );
  const notes = [
    values.stage
      ? `staged signing key ${rotation.added}: it verifies now; run signing-keys promote once every replica has this value`
      : `new signing key ${rotation.added}: it signs once auth restarts`,
  ];
  if (rotation.kept.length) notes.push(`kept: ${rotation.kept.join(', ')}`);
  if (rotation.dropped.length)
    notes.push(`dropped (sessions they signed end): ${rotation.dropped.join(', ')}`);
  return { out: rotation.value, notes: notes.join('\n') };
}

interface AdminOutput {
  /** For stdout: the answer, or a value meant for a file. */
  out: string;
  /** For stderr: what happened, kept apart from a value. */
  notes?: string;
}

/** Runs one command; resolves to what to print, or rejects with a CliError naming what went wrong. */
async function runAdminCommand(
  argv: string[],
  deps: {
    clients: () => Clients;
    signingKeysFromEnv: () => string | undefined;
    readStdin: () => Promise<string>;
  },
): Promise<AdminOutput> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') return { out: USAGE };
  if (command === 'grant-plan') return { out: await grantPlan(rest, deps.clients()) };
  if (command === 'promote') return { out: await setAdmin(rest, deps.clients().auth, true) };
  if (command === 'demote') return { out: await setAdmin(rest, deps.clients().auth, false) };
  if (command === 'reset-password') return resetPassword(rest, deps.clients().auth, deps.readStdin);
  if (command === 'signing-keys') return signingKeys(rest, deps.signingKeysFromEnv);
  throw new CliError(`unknown command "${command}"\n${USAGE}`);
}

async function main() {
  const config = loadConfig({
    AUTH_ADDR: baseConfigShape.AUTH_ADDR,
    BILLING_ADDR: baseConfigShape.BILLING_ADDR,
    GRPC_DEADLINE_MS: baseConfigShape.GRPC_DEADLINE_MS,
    AUTH_SIGNING_KEYS: z.string().optional(),
  });
  const settings = { deadlineMs: Math.min(config.GRPC_DEADLINE_MS, 5000) };
  let opened: { auth: ReturnType<typeof createAuth>; billing: ReturnType<typeof createBilling> } | undefined;
  const createAuth = () => createServiceClient(AuthService, config.AUTH_ADDR, settings);
  const createBilling = () => createServiceClient(BillingService, config.BILLING_ADDR, settings);
  try {
    const { out, notes } = await runAdminCommand(process.argv.slice(2), {
      clients: () => {
        opened = { auth: createAuth(), billing: createBilling() };
        return opened;
      },
      signingKeysFromEnv: () => config.AUTH_SIGNING_KEYS,
      readStdin: async () => {
        let text = '';
        for await (const chunk of process.stdin) text += chunk;
        return text;
      },
    });
    if (notes) process.stderr.write(`${notes}\n`);
    process.stdout.write(`${out}\n`);
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
