// Loaded before a process's own code (`node --import @pictura/common/process-start …`: scripts/lib/processes.mjs,
// the images' NODE_OPTIONS), to make it start faster. Both steps are for Node 22.15+ and 24, the images' Node;
// on older Node each is skipped and the process starts as before.
//
// 1. Node's compile cache: V8 keeps the compiled code of every module in NODE_COMPILE_CACHE (or the system's
//    temporary folder), so a restarted process, or the next of several processes started from one tree, does
//    not compile the same modules again.
// 2. drizzle-orm through its CommonJS build. Node 24 looks up the nearest package.json for every ES module
//    file it loads and, for drizzle-orm, copies its 179 kB package.json (447 exports) each time: loading the
//    ORM's ES modules took 1.4 s of CPU in each process, its CommonJS files 0.2 s (the same code, built by the
//    same release). The redirect applies to drizzle-orm's own files only, so every importer gets the one copy.
import * as nodeModule from 'node:module';

interface ResolveResult {
  url: string;
  format?: string | null;
}
type Resolve = (specifier: string, context: object) => ResolveResult;
interface ModuleHooks {
  registerHooks?: (hooks: {
    resolve(specifier: string, context: object, nextResolve: Resolve): ResolveResult;
  }) => unknown;
  enableCompileCache?: () => unknown;
}

/** An ES module file of the drizzle-orm package; its CommonJS twin sits beside it as .cjs. */
export const DRIZZLE_ES_MODULE = /\/node_modules\/drizzle-orm\/.+\.js$/;

/** Where drizzle-orm's CommonJS twin of a resolved module is; other modules resolve as they did. */
export function toCommonJsDrizzle(resolved: ResolveResult): ResolveResult {
  if (!DRIZZLE_ES_MODULE.test(resolved.url)) return resolved;
  return { ...resolved, url: `${resolved.url.slice(0, -'.js'.length)}.cjs`, format: 'commonjs' };
}

const hooks = nodeModule as ModuleHooks;
hooks.enableCompileCache?.();
hooks.registerHooks?.({
  resolve: (specifier, context, nextResolve) => toCommonJsDrizzle(nextResolve(specifier, context)),
});
