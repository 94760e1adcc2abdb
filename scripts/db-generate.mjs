// Regenerates each service's SQL migrations from its Drizzle schema (run after changing a schema).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const services = ['auth', 'billing', 'community', 'history', 'jobs'];
// npm run db:generate -- <name> [service]: one service only when named.
const [name, only] = process.argv.slice(2);
for (const service of services) {
  if (only && service !== only) continue;
  const schema = `services/${service}/src/db/schema.ts`;
  if (!existsSync(schema)) continue;
  const args = [
    'drizzle-kit',
    'generate',
    '--dialect=postgresql',
    `--schema=${schema}`,
    `--out=services/${service}/migrations`,
  ];
  if (name) args.push(`--name=${name}`);
  execFileSync('npx', args, { stdio: 'inherit' });
}
