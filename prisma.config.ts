// The Prisma CLI runs its WASM schema engine through a PGlite adapter, so it never
// downloads a native engine (see STACK.md). Only used for `generate` and `migrate diff`.
import path from "node:path";
import { defineConfig } from "prisma/config";

process.env.DATABASE_URL ??= "postgresql://placeholder@localhost/placeholder";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  async adapter() {
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    return new PrismaPGlite(new PGlite("memory://"));
  },
});
