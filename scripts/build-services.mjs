#!/usr/bin/env node
// Compiles each service's src/ to JavaScript in services/<name>/dist/, file by file, for production:
// images and `spawnProcess(name, env, { compiled: true })` run `node --conditions=pictura-dist
// services/<name>/dist/main.js`, with no TypeScript loader at run time.
//
//   node scripts/build-services.mjs              every service (npm run build:services)
//   node scripts/build-services.mjs auth worker  only these (each service's `npm run build`, for turbo)
//
// Not a bundle: each .ts file becomes one .js file at the same place under dist/, so code that finds its
// files relative to itself (import.meta.url: ../migrations, the worker's models/, model-catalogue.json)
// finds them from dist/ exactly as from src/. Relative imports are rewritten from .ts to .js; packages stay
// imports, and @pictura/common/* reaches services/common/dist through its "pictura-dist" export condition.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const SERVICE_NAMES = [
  'common',
  'auth',
  'billing',
  'community',
  'history',
  'jobs',
  'worker',
  'gateway',
];

/**
 * Where each process starts, relative to its src/: main.ts, plus the worker's inference threads (started by
 * URL, so no import leads to them) and the CLIs the images run. Only code reachable from these ships, so
 * the unit tests beside the code never reach dist/; their helpers live in services/<name>/test/
 * (test/build/service-sources.test.ts checks that src/ holds nothing else that these do not reach).
 * Common's entries are the @pictura/common/* modules the others import.
 */
const ENTRIES = {
  auth: ['main.ts'],
  billing: ['main.ts'],
  community: ['main.ts'],
  history: ['main.ts'],
  jobs: ['main.ts'],
  worker: ['main.ts', 'inference.thread.ts', 'models/models.cli.ts'],
  gateway: ['main.ts', 'admin.cli.ts'],
};
/**
 * Dev-only files that are not TypeScript: the worker's inference.thread.mjs registers tsx for threads
 * started from src/; the pool starts dist/inference.thread.js directly instead.
 */
const DEV_ONLY = new Set(['worker/src/inference.thread.mjs']);

const serviceDir = (name) => join(ROOT, 'services', name);
const srcDir = (name) => join(serviceDir(name), 'src');

/** Every file under src/ that is not code: code finds these relative to itself, so they go beside it. */
function assetsOf(name) {
  return readdirSync(srcDir(name), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !DEV_ONLY.has(relative(join(ROOT, 'services'), file)));
}

/** The packages a service's compiled code may import: its own production dependencies and common's. */
function allowedPackages(name) {
  const read = (service) => JSON.parse(readFileSync(join(serviceDir(service), 'package.json'), 'utf8'));
  return new Set([
    '@pictura/common',
    ...Object.keys(read('common').dependencies ?? {}),
    ...Object.keys(read(name).dependencies ?? {}),
  ]);
}

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const isBuiltin = (specifier) =>
  specifier.startsWith('node:') || builtinModules.includes(specifier.replace(/^node:/, ''));

/**
 * Checks every import: relative ones must stay inside the service's src/; package ones must be production
 * dependencies, or the image (which installs only those) would fail at start. `onRelative` decides what
 * becomes of a relative import; packages always stay imports.
 */
function importsPlugin(name, { onRelative, onCommon = () => {} }) {
  const allowed = allowedPackages(name);
  return {
    name: 'pictura-imports',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const from = relative(ROOT, args.importer);
        const fail = (text) => ({ errors: [{ text: `${from} imports ${args.path}: ${text}` }] });
        if (args.path.startsWith('.')) {
          if (!join(dirname(args.importer), args.path).startsWith(srcDir(name) + sep))
            return fail(`outside services/${name}/src`);
          return onRelative(args);
        }
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        if (!allowed.has(packageOf(args.path)))
          return fail(`not a dependency of @pictura/${name} or @pictura/common`);
        if (args.path.startsWith('@pictura/common/')) onCommon(args.path.slice('@pictura/common/'.length));
        return { path: args.path, external: true };
      });
    },
  };
}

/** The TypeScript files reachable from the entries, and the @pictura/common modules they import. */
async function reachable(esbuild, name, entries) {
  const common = new Set();
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: entries.map((entry) => join(srcDir(name), entry)),
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    metafile: true,
    logLevel: 'silent',
    outdir: join(ROOT, '.cache', 'services-build', 'scan'),
    plugins: [importsPlugin(name, { onRelative: () => undefined, onCommon: (module) => common.add(module) })],
  });
  const files = Object.keys(result.metafile.inputs).map((input) => join(ROOT, input));
  return { files, common };
}

/** Entries per service; common's are the modules of it that the other services' code reaches. */
async function entriesOf(esbuild, names) {
  const entries = new Map();
  const commonModules = new Set();
  for (const name of SERVICE_NAMES.filter((n) => n !== 'common')) {
    if (!names.includes(name) && !names.includes('common')) continue;
    const { common } = await reachable(esbuild, name, ENTRIES[name]);
    for (const module of common) commonModules.add(module);
    entries.set(name, ENTRIES[name]);
  }
  if (names.includes('common'))
    entries.set(
      'common',
      [...commonModules].map((module) => `${module}.ts`),
    );
  return entries;
}

/**
 * The files under each named service's src/ that ship: those its entries reach (common's: those the other
 * services reach). test/build checks against it that no test helper is left in src/.
 */
export async function shippedSources(names = SERVICE_NAMES) {
  const esbuild = await import('esbuild');
  const entries = await entriesOf(esbuild, names);
  const shipped = new Map();
  for (const name of names) shipped.set(name, (await reachable(esbuild, name, entries.get(name))).files);
  return shipped;
}

/**
 * Compiles one service, file by file. Builds into a staging folder and then swaps it in, so a stack
 * already running from dist/ keeps a complete tree. The stamp records when the build started, so an edit
 * made during it counts as newer.
 */
async function buildService(esbuild, name, entries) {
  const startedAt = new Date();
  const outdir = join(serviceDir(name), 'dist');
  const { files } = await reachable(esbuild, name, entries);
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: files,
    outbase: srcDir(name),
    outdir,
    // Bundling mode only so that the plugin sees (and rewrites) every import; each import stays external.
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    logLevel: 'silent',
    plugins: [
      importsPlugin(name, {
        onRelative: (args) => ({ path: args.path.replace(/\.ts$/, '.js'), external: true }),
      }),
    ],
  });
  const staging = join(ROOT, '.cache', 'services-build', name);
  rmSync(staging, { recursive: true, force: true });
  const write = (target, contents) => {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, contents);
  };
  for (const file of result.outputFiles) write(join(staging, relative(outdir, file.path)), file.contents);
  for (const asset of assetsOf(name))
    write(join(staging, relative(srcDir(name), asset)), readFileSync(asset));
  writeFileSync(join(staging, STAMP), `${startedAt.toISOString()}\n`);
  rmSync(outdir, { recursive: true, force: true });
  renameSync(staging, outdir);
  return files.length;
}

const STAMP = '.build-stamp';

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // The folder's own time counts too: deleting a file changes only that.
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

/** Names of the services whose dist/ is missing or older than their src/ (or than this script). */
export function staleServices(names = SERVICE_NAMES) {
  const script = statSync(fileURLToPath(import.meta.url)).mtimeMs;
  return names.filter((name) => {
    const stamp = join(serviceDir(name), 'dist', STAMP);
    let builtAt;
    try {
      builtAt = Date.parse(readFileSync(stamp, 'utf8').trim());
    } catch {
      return true;
    }
    // Which common modules ship depends on what the other services import.
    const sources = name === 'common' ? SERVICE_NAMES.map(srcDir) : [srcDir(name)];
    return !(builtAt >= script && sources.every((dir) => builtAt >= newestMtime(dir)));
  });
}

const LOCK = join(ROOT, '.cache', 'services-build.lock');
const STALE_LOCK_MS = 5 * 60_000;

/** One build at a time across processes (two test files, or a test run and a rehearsal). */
async function withBuildLock(work) {
  mkdirSync(dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > STALE_LOCK_MS)
        rmSync(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

async function buildUnlocked(names, log) {
  const esbuild = await import('esbuild');
  const entries = await entriesOf(esbuild, names);
  for (const name of names) {
    const started = performance.now();
    const count = await buildService(esbuild, name, entries.get(name));
    log(`services/${name}/dist: ${count} files in ${Math.round(performance.now() - started)} ms`);
  }
}

/** Builds the named services (all by default). */
export async function buildServices(names = SERVICE_NAMES, { log = () => {} } = {}) {
  const unknown = names.filter((name) => !SERVICE_NAMES.includes(name));
  if (unknown.length > 0) throw new Error(`no such service: ${unknown.join(', ')}`);
  await withBuildLock(() => buildUnlocked(names, log));
}

/**
 * Builds the services whose dist/ is missing or stale, and returns their names; for tests and the
 * rehearsal. Checked under the lock: another process may have just built them.
 */
export async function ensureServicesBuild({ log = () => {} } = {}) {
  return withBuildLock(async () => {
    const stale = staleServices();
    if (stale.length > 0) {
      log(`compiling ${stale.join(', ')}…`);
      await buildUnlocked(stale, log);
    }
    return stale;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  try {
    await buildServices(names.length > 0 ? names : SERVICE_NAMES, { log: console.log });
  } catch (error) {
    // esbuild's errors already name the file and the import; the stack adds nothing.
    console.error(error.errors ? error.message : error);
    process.exit(1);
  }
}
