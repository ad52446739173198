// Layer rules (docs/architecture.md): app/ and components/ → lib/api and the domains → the database.
// `npm run deps` checks them; CI runs it. Type-only imports count too: a layer's types are its API.
// lib/api and lib/mcp are the edges' plumbing (the JSON:API and the MCP server), not domains.
const DOMAIN = "^lib/(?!api/|mcp/|testing/|generated/)";

// The order of the folders (docs/architecture.md, "The order of the domains"), lowest first. A
// folder imports the folders before it, never one after it, so no two folders import each other;
// what two need goes down to the lower. The layers group the order; within one, the folders are
// listed in their order too. A lib/ file outside a folder (lib/config.ts, lib/urls.ts…) is platform.
const LAYERS = [
  {
    name: "platform",
    folders: [
      "^lib/(config|database|http|crypto|format|i18n|csv|errors|money|sealed|secrets|urls|untie|idempotency|ratelimit|rates|duties)(/|[.-])|^lib/db\\.ts$",
    ],
  },
  { name: "emails", folders: ["emails", "lib/outbox"] },
  { name: "identity", folders: ["lib/users", "lib/teams"] },
  { name: "catalogue and billing", folders: ["lib/catalogue", "lib/billing"] },
  { name: "credentials", folders: ["lib/tokens", "lib/oauth", "lib/auth", "lib/actor"] },
  { name: "gifts", folders: ["lib/gifts"] },
  {
    name: "what reacts to gifts",
    folders: [
      "lib/delivery",
      "lib/reminders",
      "lib/redemption",
      "lib/fulfilment",
      "lib/representations",
      "lib/webhooks",
      "lib/simulation",
      "lib/privacy",
    ],
  },
  { name: "the dashboard and jobs", folders: ["lib/dashboard", "lib/jobs", "lib/demo"] },
  {
    name: "the edges' plumbing and UI",
    folders: ["lib/site", "lib/api", "lib/mcp", "lib/cli", "^lib/boot\\.ts$", "components"],
  },
  { name: "pages and route handlers", folders: ["^(app/|proxy\\.ts$|instrumentation\\.ts$)"] },
];
// Imports still running up, each a path the order's rules skip, until its piece moves down. Keep it empty.
const NOT_YET = [];
const TESTS = "(\\.test\\.tsx?$|/__tests__/|^lib/testing/)";
const pathOf = (folder) => (folder.startsWith("^") ? folder : `^${folder}/`);
const ORDER = LAYERS.flatMap((layer) => layer.folders.map((folder) => ({ layer: layer.name, folder })));
const orderRules = ORDER.slice(0, -1).map(({ layer, folder }, i) => ({
  name: `not-up-from-${folder.startsWith("^") ? layer.replace(/\W+/g, "-") : folder}`,
  severity: "error",
  comment: `${folder.startsWith("^") ? `The ${layer} layer` : folder} never imports a folder after it in the order (docs/architecture.md, "The order of the domains").`,
  from: { path: pathOf(folder), pathNot: [TESTS, ...NOT_YET] },
  to: {
    path: ORDER.slice(i + 1)
      .map((later) => pathOf(later.folder))
      .join("|"),
  },
}));

module.exports = {
  forbidden: [
    ...orderRules,
    {
      name: "no-cycles",
      severity: "error",
      comment: "Import cycles make load order and layers unclear.",
      from: {},
      to: { circular: true },
    },
    {
      name: "domain-not-up",
      severity: "error",
      comment:
        "Domain modules (lib/<domain>) never import the HTTP edge (app/), the JSON:API plumbing (lib/api) or UI (components/).",
      from: { path: DOMAIN, pathNot: "\\.test\\.tsx?$" },
      to: { path: "^(app|components)/|^lib/api/" },
    },
    {
      name: "pages-not-api",
      severity: "error",
      comment:
        "Pages, components and emails read resources from lib/representations, never through the API's plumbing.",
      // The API reference page (/docs) renders the API's own OpenAPI document: the one exception.
      from: { path: "^(components|emails)/|^app/(\\(site\\)|untie)/", pathNot: "^app/\\(site\\)/docs/" },
      to: { path: "^lib/api/" },
    },
    {
      name: "ui-not-database",
      severity: "error",
      comment: "Components and email templates never touch the database.",
      from: { path: "^(components|emails)/" },
      to: { path: "^lib/(db|database/|generated/)", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "site-not-database",
      severity: "error",
      comment:
        "Pages, server actions and route handlers get the database from apiRoute's context or lib/site/context.ts, never by importing it.",
      from: { path: "^app/", pathNot: "(\\.test\\.tsx?$|/__tests__/)" },
      to: { path: "^lib/(db|database/|generated/)", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "nothing-imports-tests",
      severity: "error",
      comment: "Test helpers stay in tests.",
      from: { path: "^(app|components|emails|lib)/", pathNot: "(\\.test\\.tsx?$|^lib/testing/|/__tests__/)" },
      to: { path: "^lib/testing/|\\.test\\.tsx?$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next|lib/generated|e2e/generated)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
  },
};
