// Test helpers live in services/<name>/test/, never in src/: every file under a service's src/ other than
// its *.test.ts files is production code, reached from the process's entries (scripts/build-services.mjs),
// so nothing that exists only for tests sits among what the images are built from.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES, shippedSources } from '../../scripts/build-services.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const srcOf = (name: string) => join(ROOT, 'services', name, 'src');
const COMMON_MODULE = '@pictura/common/';
/** Names that say "only for tests"; production code may still say "test" (the payments' test mode). */
const TEST_HELPER_NAME = /\.(fixtures?|test-support|test-helpers?|contract|mocks?|fakes?|stubs?)\.tsx?$/;

/** The non-test TypeScript files under a service's src/, relative to the repository. */
function sourcesOf(name: string): string[] {
  return readdirSync(srcOf(name), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The service files a module imports, type-only imports included. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.flatMap(({ fileName }) => {
    if (fileName.startsWith('.')) return [join(dirname(file), fileName)];
    if (fileName.startsWith(COMMON_MODULE))
      return [join(srcOf('common'), `${fileName.slice(COMMON_MODULE.length)}.ts`)];
    return [];
  });
}

/**
 * What ships, plus the files only types come from: esbuild drops type-only imports, so a file of types
 * alone (gateway/src/clients.ts) never reaches dist/ yet is production code.
 */
async function productionSources(): Promise<Set<string>> {
  const shipped = [...(await shippedSources()).values()].flat().filter((file) => file.endsWith('.ts'));
  const found = new Set(shipped);
  const queue = [...shipped];
  for (let file = queue.pop(); file !== undefined; file = queue.pop())
    for (const imported of importsOf(file))
      if (!found.has(imported) && existsSync(imported)) {
        found.add(imported);
        queue.push(imported);
      }
  return found;
}

describe('services/*/src holds production code and unit tests only', () => {
  let production: Set<string>;
  beforeAll(async () => {
    production = await productionSources();
  }, 60_000);

  it.each(SERVICE_NAMES)('%s: no file named as a test helper', (name) => {
    const helpers = sourcesOf(name).filter((file) => TEST_HELPER_NAME.test(file));
    expect(helpers.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it.each(SERVICE_NAMES)('%s: every file is reached from the entries (move helpers to test/)', (name) => {
    const unreached = sourcesOf(name).filter((file) => !production.has(file));
    expect(unreached.map((file) => relative(ROOT, file))).toEqual([]);
  });
});
