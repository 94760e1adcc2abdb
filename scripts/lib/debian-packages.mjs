// Debian packages as data: `apt-get download` then `dpkg -x` into a folder, without installing anything.
// Used for the test photos and for Pictura Emoji's training data (fonts, Unicode and CLDR files).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Downloads `packages` into `work` and unpacks each into `into`. Returns, per package, the version and the
 * SHA-256 of the .deb file, so a dataset can say exactly what it was built from.
 */
export function extractDebianPackages(packages, work, into) {
  mkdirSync(work, { recursive: true });
  const download = () => execFileSync('apt-get', ['download', ...packages], { cwd: work, stdio: 'pipe' });
  try {
    download();
  } catch {
    // A fresh machine may have no package lists yet.
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    download();
  }
  const facts = {};
  for (const name of packages) {
    const file = readdirSync(work).find((f) => f.startsWith(`${name}_`) && f.endsWith('.deb'));
    if (!file) throw new Error(`apt-get download left no .deb for ${name}`);
    execFileSync('dpkg', ['-x', join(work, file), into]);
    const version = decodeURIComponent(file.slice(name.length + 1).replace(/_[^_]+\.deb$/, ''));
    const sha256 = createHash('sha256')
      .update(readFileSync(join(work, file)))
      .digest('hex');
    facts[name] = { version, sha256 };
  }
  return facts;
}
