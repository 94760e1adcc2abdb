// Module hooks for no-typescript.mjs: refuse to load a .ts file or anything from the tsx package.
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (/\.[cm]?ts$/.test(new URL(resolved.url).pathname) || resolved.url.includes('/node_modules/tsx/'))
    throw new Error(`compiled code loaded ${resolved.url} (from ${context.parentURL ?? 'the command line'})`);
  return resolved;
}
