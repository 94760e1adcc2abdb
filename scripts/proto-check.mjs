// Fails when the generated contract code differs from what buf would generate from proto/ now:
// generated code is never edited by hand, and never left stale.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const committed = 'services/common/src/gen';
const out = mkdtempSync(join(tmpdir(), 'pictura-proto-'));
try {
  execFileSync('npx', ['buf', 'generate', '--output', out], { stdio: 'inherit' });
  const list = (dir) =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? list(path) : [path];
    });
  const fresh = join(out, committed);
  const a = list(committed)
    .map((p) => relative(committed, p))
    .sort();
  const b = list(fresh)
    .map((p) => relative(fresh, p))
    .sort();
  const differ = [...new Set([...a, ...b])].filter(
    (file) =>
      !a.includes(file) ||
      !b.includes(file) ||
      readFileSync(join(committed, file), 'utf8') !== readFileSync(join(fresh, file), 'utf8'),
  );
  if (differ.length > 0) {
    console.error(`Generated code is out of date (run npm run proto:gen): ${differ.join(', ')}`);
    process.exit(1);
  }
  console.log(`proto: generated code matches proto/ (${a.length} files)`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
