// Layer rules (docs/architecture.md): app/ and components/ → lib/api and the domains → the database.
// `npm run deps` checks them; CI runs it. Type-only imports count too: a layer's types are its API.
const DOMAIN = "^lib/(?!api/|testing/|generated/)";

// The order of the folders (docs/architecture.md, "The order of the domains"), lowest first: a
// folder imports its own layer or a lower one, never a higher one; what two need goes down to
// the lower. A lib/ file outside a folder (lib/config.ts, lib/db.ts, lib/urls.ts…) is platform.
const LAYERS = [
  {
    name: "platform",
    path: "^lib/(config|database|http|crypto|format|i18n|csv|errors|money|sealed|secrets|urls|untie|idempotency|ratelimit)(/|[.-])|^lib/db\\.ts$",
  },
  { name: "emails: the templates, the queue and the outbox", path: "^emails/|^lib/outbox/" },
  { name: "identity", path: "^lib/(users|teams)/" },
  { name: "catalogue and billing", path: "^lib/(catalogue|billing)/" },
  { name: "credentials", path: "^lib/(tokens|oauth|auth|actor)/" },
  { name: "gifts", path: "^lib/gifts/" },
  {
    name: "what reacts to gifts",
    path: "^lib/(delivery|reminders|fulfilment|redemption|webhooks|simulation|representations)/",
  },
  { name: "the dashboard and jobs", path: "^lib/(dashboard|jobs|demo)/" },
  { name: "the edges' plumbing", path: "^lib/(api|site|cli)/|^lib/boot\\.ts$|^components/" },
  { name: "pages and route handlers", path: "^app/|^proxy\\.ts$|^instrumentation\\.ts$" },
];
// Imports still running up, each a path the layer rules skip, until its piece moves down. Keep it empty.
const NOT_YET = [];
const TESTS = "(\\.test\\.tsx?$|/__tests__/|^lib/testing/)";
const layerRules = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `not-up-from-${layer.name.replace(/\W+/g, "-")}`,
  severity: "error",
  comment: `The ${layer.name} layer never imports a layer above it (docs/architecture.md, "The order of the domains").`,
  from: { path: layer.path, pathNot: [TESTS, ...NOT_YET] },
  to: {
    path: LAYERS.slice(i + 1)
      .map((l) => l.path)
      .join("|"),
  },
}));

module.exports = {
  forbidden: [
    ...layerRules,
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
