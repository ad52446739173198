// ESLint 9 flat config: Next.js rules (core web vitals) plus typescript-eslint's recommended set.
// eslint-config-next 16 exports flat-config arrays directly: no FlatCompat needed.
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const NO_PROCESS_ENV = {
  object: "process",
  property: "env",
  message: "Read configuration through lib/config.ts (one schema, validated at start).",
};
const NO_RAW_SQL = ["$queryRaw", "$executeRaw", "$queryRawUnsafe", "$executeRawUnsafe"].map((property) => ({
  property,
  message: "Run SQL through queryRows (lib/database/sql.ts).",
}));

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // `_`-prefixed names mark intentionally unused arguments and destructured leftovers.
      "@typescript-eslint/no-unused-vars": [
        "warn",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // One home for configuration: lib/config.ts reads the environment; everything else asks it.
    // One way to run SQL: queryRows in lib/database/sql.ts (the driver directly where it can,
    // Prisma's raw path inside a Prisma transaction): one runner, one place that converts values.
    files: ["app/**", "components/**", "emails/**", "lib/**", "proxy.ts"],
    ignores: ["lib/config.ts", "**/*.test.ts", "**/*.test.tsx", "lib/testing/**"],
    rules: {
      "no-restricted-properties": ["error", NO_PROCESS_ENV, ...NO_RAW_SQL],
    },
  },
  {
    // lib/database is where SQL runs.
    files: ["lib/database/**"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-properties": ["error", NO_PROCESS_ENV] },
  },
  {
    // Pages and components never touch the database: they call domain functions (docs/architecture.md).
    files: ["app/**/*.tsx", "components/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.object.object.name=/^(db|tx|prisma)$/], CallExpression[callee.object.name=/^(db|tx|prisma)$/][callee.property.name=/^\\$/]",
          message: "Pages call domain functions (lib/<domain>), never Prisma.",
        },
      ],
    },
  },
  {
    // One actor: pages, server actions and route handlers learn who is asking from lib/actor
    // (through lib/site/context.ts or apiRoute), never from the session directly.
    files: ["app/**", "components/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "**/__tests__/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@/lib/auth",
              importNames: ["signedInPerson"],
              message: "Ask lib/site/context.ts (siteContext) or lib/actor (whoIsAsking) who is asking.",
            },
          ],
        },
      ],
    },
  },
  globalIgnores([
    ".next/**",
    // The pages bench's bare Next.js app builds into its own folder (scripts/bench/bare-app.ts).
    "scripts/bench/bare-app/.next/**",
    "scripts/bench/bare-app/next-env.d.ts",
    "out/**",
    "build/**",
    "node_modules/**",
    "lib/generated/**",
    "packages/client/src/generated/**",
    "packages/client/dist/**",
    "public/**",
    ".data/**",
    ".test-data/**",
    ".e2e-data/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
    "*.tsbuildinfo",
  ]),
]);
