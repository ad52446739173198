import path from "node:path";

/** Every environment variable Ribbon reads, in one place (documented in the README). */
export const config = {
  get databaseUrl(): string | undefined {
    return process.env.DATABASE_URL || undefined;
  },
  get dataDir(): string {
    return path.resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.RIBBON_DATA_DIR || ".data");
  },
  get port(): number {
    return Number(process.env.PORT) || 3000;
  },
  get appUrl(): string {
    return (process.env.APP_URL || `http://localhost:${config.port}`).replace(/\/+$/, "");
  },
  /** Demo accounts: always on the embedded database, opt-in on PostgreSQL. */
  get demo(): boolean {
    return config.databaseUrl ? process.env.RIBBON_DEMO === "1" : process.env.RIBBON_DEMO !== "0";
  },
  get sweeper(): boolean {
    return process.env.RIBBON_SWEEPER !== "off";
  },
};
