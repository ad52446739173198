// The Prisma CLI runs its WASM schema engine through a PGlite adapter, so it never
// downloads a native engine (see STACK.md). Only used for `generate` and `migrate diff`.
import path from "node:path";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
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
    // Built against an older @prisma/driver-adapter-utils: same protocol, other type identity.
    return new PrismaPGlite(new PGlite("memory://")) as unknown as SqlMigrationAwareDriverAdapterFactory;
  },
});
