/**
 * `npm run check` fails on any import circle and on an API area reaching into another area's internals:
 * each area owns its tables (`*.tables.ts`) and offers what others need through its services and
 * repositories; the composition root (app.ts, runtime.ts, main.ts, worker.ts) imports the areas, never
 * the reverse.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: split the shared part out below both.',
      from: {},
      // A route that loads its page lazily while the page reads the route's typed search params is not a
      // circle at load time; every static one is.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
    {
      name: 'no-other-areas-tables',
      severity: 'error',
      comment: "An area reads or writes another area's tables: ask that area's service or repository.",
      from: {
        path: '^apps/api/src/modules/([^/]+)/',
        // Foreign keys name the table they reference; tests seed what they need.
        pathNot: '[.](tables|test)[.]ts$|test-helpers[.]ts$',
      },
      to: { path: '^apps/api/src/modules/[^/]+/.*[.]tables[.]ts$', pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'no-composition-root-in-areas',
      severity: 'error',
      comment: 'Areas get their dependencies from deps.ts; the root imports the areas, never the reverse.',
      from: { path: '^apps/api/src/modules/' },
      to: { path: '^apps/api/src/(app|runtime|main|worker|admin)[.]ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
