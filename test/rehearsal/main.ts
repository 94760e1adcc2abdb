// `npm run rehearse`: the rehearsal as an operator runs it, printing each check as it ends.
import { runRehearsal } from './rehearsal.ts';

const results = await runRehearsal((line) => console.log(line), process.argv.slice(2));
const failed = results.filter((r) => !r.ok);
console.log(
  failed.length
    ? `\n${failed.length} of ${results.length} checks failed`
    : `\nall ${results.length} checks passed`,
);
process.exit(failed.length ? 1 : 0);
