// Loaded before a process's own code (`node --import @pictura/common/process-start …`: scripts/lib/processes.mjs,
// the images' NODE_OPTIONS, the test workers), to make it start faster. It needs Node's synchronous module hooks
// (Node 22.15+ and 24, the images' Node); on older Node it does nothing and the process starts as before.
//
// drizzle-orm through its CommonJS build: Node 24 looks up the nearest package.json for every ES module file it
// loads and, for drizzle-orm, copies its 179 kB package.json (447 exports) each time. Loading the ORM's ES
// modules took 1.4 s of CPU in each process, its CommonJS files 0.2 s (the same code, built by the same
// release). The redirect applies to drizzle-orm's own files only, so every importer gets the one copy.
//
// Plain JavaScript, not TypeScript: it runs before any loader, in every thread a process starts (worker
// threads inherit the --import), from src/ as from an image's dist/ (the build copies it there).
import * as nodeModule from 'node:module';

/** An ES module file of the drizzle-orm package; its CommonJS twin sits beside it as .cjs. */
const DRIZZLE_ES_MODULE = /\/node_modules\/drizzle-orm\/.+\.js$/;

/**
 * @param {{ url: string, format?: string | null }} resolved
 * @returns {{ url: string, format?: string | null }} drizzle-orm's CommonJS twin; other modules as resolved
 */
export function toCommonJsDrizzle(resolved) {
  if (!DRIZZLE_ES_MODULE.test(resolved.url)) return resolved;
  return { ...resolved, url: `${resolved.url.slice(0, -'.js'.length)}.cjs`, format: 'commonjs' };
}

nodeModule.registerHooks?.({
  resolve: (specifier, context, nextResolve) => toCommonJsDrizzle(nextResolve(specifier, context)),
});
