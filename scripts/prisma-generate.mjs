// postinstall: generate the Prisma client without letting the CLI reach for a native engine.
import { execFileSync } from "node:child_process";

execFileSync("npx", ["prisma", "generate"], {
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? "postgresql://placeholder@localhost/placeholder" },
});
