// postinstall: generate the Prisma client without letting the CLI reach for a native engine,
// then the typed API client the browser tests import (`next build` type-checks them too, so a
// fresh clone's first `npm start` needs it).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

execFileSync("npx", ["prisma", "generate"], {
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? "postgresql://placeholder@localhost/placeholder" },
});

// openapi-typescript is a dev dependency: an install without them has no browser tests either.
if (existsSync("node_modules/.bin/openapi-typescript"))
  execFileSync("npm", ["run", "--silent", "openapi:client"], { stdio: "inherit" });
