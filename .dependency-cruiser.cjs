/**
 * Who may import whom (STYLE.md): `npm run lint` checks these rules on every import; tests may import anything.
 *   src/app (shell) → src/views → src/hooks, src/components, src/api, machines/ → src/domain
 */
const CONTRACT_TYPES = '^src/api/schema\\.d\\.ts$';
const NOT_TESTS = '^(src|machines|server|bench)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'machines-only-xstate-and-domain',
      comment: 'Machines are pure flow: effects arrive as actors, so a machine never imports React, the API client, views or Node.',
      severity: 'error',
      from: { path: '^machines/' },
      to: { pathNot: ['^machines/', '^src/domain/', '(^|/)node_modules/xstate/', CONTRACT_TYPES] },
    },
    {
      name: 'contract-types-as-types-only',
      comment:
        'The generated contract (src/api/schema.d.ts) is only types; machines and the server take it with `import type`, never as code.',
      severity: 'error',
      from: { path: '^(machines|server)/' },
      to: { path: CONTRACT_TYPES, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'components-take-props',
      comment: 'Components are presentational: they take props and import no machine, view, shell, API call or app-wide hook.',
      severity: 'error',
      from: { path: '^src/components/' },
      to: { path: ['^machines/', '^src/(views|app|api|hooks)/'] },
    },
    {
      name: 'domain-is-the-bottom-floor',
      comment: 'src/domain is shared by the SPA and the server, so it imports nothing of ours outside itself.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^(src|machines|server|test|bench)/', pathNot: '^src/domain/' },
    },
    {
      name: 'server-data-read-through-src-api',
      comment:
        'One way to read server data: a named hook or call of src/api (useMe, useProject, useUsageReport, the *-calls.ts modules). Only src/api builds queries from the contract ($api in query-hooks.ts); views, the shell and hooks use what it exports.',
      severity: 'error',
      from: { path: '^(src|machines)/', pathNot: '^src/api/' },
      to: { path: '^src/api/query-hooks\\.ts$' },
    },
    {
      name: 'no-view-imports-another-view',
      comment: 'Screens are independent: what two views share moves down to src/components, src/hooks or src/domain.',
      severity: 'error',
      from: { path: '^src/views/([^/]+)/' },
      to: { path: '^src/views/', pathNot: '^src/views/$1/' },
    },
    {
      name: 'views-below-the-shell',
      comment: 'The shell (src/app) loads the views; a view that imported the shell would tie the layers in a knot.',
      severity: 'error',
      from: { path: '^src/views/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'hooks-below-views-and-shell',
      comment: 'App-wide hooks are the layer views and the shell stand on, so they import neither.',
      severity: 'error',
      from: { path: '^src/hooks/' },
      to: { path: '^src/(views|app)/' },
    },
    {
      name: 'server-takes-only-domain-and-contract-from-the-spa',
      comment: 'The server shares only the pure rules (src/domain) and the generated contract types with the SPA.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|machines)/', pathNot: ['^src/domain/', CONTRACT_TYPES] },
    },
    {
      name: 'spa-imports-no-server-code',
      comment: 'The browser bundle must not pull in server code; the SPA learns the API from openapi.yaml.',
      severity: 'error',
      from: { path: '^(src|machines)/' },
      to: { path: '^server/' },
    },
    {
      name: 'app-factory-not-on-the-fast-path',
      comment: "The app factory (server/app.ts) serves one process; the cluster's fast path builds on it, never the reverse.",
      severity: 'error',
      from: { path: '^server/app\\.ts$' },
      to: { path: '^server/cluster/', reachable: true },
    },
    {
      name: 'gateway-answers-written-once',
      comment:
        "The gateway's HTTP fronts (Fastify's route and router refusals, a worker's Node server, the fast path) only frame bytes: every answer's status, fields and JSON-RPC body come from server/gateway/http-answer.ts, so none writes a JSON-RPC body itself (lint/gateway-answers.grit keeps their CORS and content-type literals out too).",
      severity: 'error',
      from: {
        path: '^server/(gateway/routes|cluster/(rpc-http|rpc-connection|rpc-answer-head|worker-http|fast-path|one-process)|http/framework-errors)\\.ts$',
      },
      to: { path: '^server/gateway/json-rpc\\.ts$' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle has no bottom layer: it hides the order modules load in and cannot be split or tested alone.',
      severity: 'error',
      from: { path: NOT_TESTS },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to no file is a typo, a moved module or a package missing from package.json.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '^dist/' },
    // Type-only imports count: a layer rule holds for types too, and the contract rule tells them apart.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    progress: { type: 'none' },
  },
};
