// `npm run cycles`: no module may reach itself through its imports. Type-only imports count too: a cycle
// of types still ties two modules' shapes together, and the runtime cycle is one `import type` slip away.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: move what both sides need into a module of its own.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Packages are leaves; the workspaces (@pictura/*) resolve through their symlinks to their sources.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '^services/common/src/gen/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.d.ts', '.d.mts'],
      mainFields: ['module', 'main', 'types'],
    },
    // Local reruns read what has not changed from here (a fresh clone, as in CI, cruises everything).
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
