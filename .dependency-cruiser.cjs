/**
 * Dependency rules checked by `npm run check` (scripts/check-structure.ts) with dependency-cruiser's
 * own rule engine. Paths are relative to the repository root; packages resolve to their files
 * under node_modules. Type-only imports are erased before the check (tsPreCompilationDeps: false):
 * they do not load code at run time, so they cannot make a cycle or leak behaviour.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'migrations-frozen',
      severity: 'error',
      comment:
        'A migration must do the same thing on every fresh database, forever: it may load kysely and the ' +
        'database helpers only, never live code that a later change would alter. Copy what it needs into it.',
      from: { path: '^src/server/db/migrations/' },
      to: { pathNot: ['^node_modules/kysely/dist/index\\.js$', '^node_modules/kysely/dist/migration/index\\.js$', '^src/server/db/database\\.ts$'] },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web client and the shared code run in the browser: server code must not end up in the bundle.',
      from: { path: '^src/(web|shared)/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'shared-is-shared',
      severity: 'error',
      comment: 'src/shared is used by the server too: it must not pull in the web client.',
      from: { path: '^src/shared/' },
      to: { path: '^src/web/' },
    },
    {
      // A warning for now: the hard rule is "no cycle between areas" (scripts/structure/graph.ts).
      name: 'no-circular',
      severity: 'warn',
      comment: 'Modules that import each other load in an order that depends on who is imported first.',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: '^node_modules/' },
    moduleSystems: ['es6'],
  },
};
