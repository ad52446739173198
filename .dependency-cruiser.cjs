// Layer rules (docs/architecture.md): app/ and components/ → lib/api and the domains → the database.
// `npm run deps` checks them; CI runs it. Type-only imports count too: a layer's types are its API.
const DOMAIN = "^lib/(?!api/|testing/|generated/)";
module.exports = {
  forbidden: [
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
