import path from "node:path";

/** A non-negative number of seconds from the environment, or the default when unset or not a number. */
function seconds(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isFinite(n) && n >= 0 ? n : fallback;
}

/** Every environment variable Ribbon reads, in one place; validated at boot by lib/config-schema.ts. */
export const config = {
  get databaseUrl(): string | undefined {
    return process.env.DATABASE_URL || undefined;
  },
  /** Connections each process keeps to PostgreSQL (`DATABASE_POOL_SIZE`, default 10). */
  get databasePoolSize(): number {
    const size = Number(process.env.DATABASE_POOL_SIZE);
    return Number.isInteger(size) && size > 0 ? size : 10;
  },
  get dataDir(): string {
    return path.resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.RIBBON_DATA_DIR || ".data");
  },
  get port(): number {
    return Number(process.env.PORT) || 3000;
  },
  /** Interface the server listens on: loopback unless told otherwise (HOST=0.0.0.0 in a container). */
  get host(): string {
    return process.env.HOST || "127.0.0.1";
  },
  /** Behind a reverse proxy the operator declared (`RIBBON_TRUST_PROXY=1`), its X-Forwarded-* headers are believed. */
  get trustProxy(): boolean {
    return process.env.RIBBON_TRUST_PROXY === "1";
  },
  get appUrl(): string {
    return (process.env.APP_URL || `http://localhost:${config.port}`).replace(/\/+$/, "");
  },
  /** Demo accounts: always on the embedded database, opt-in on PostgreSQL. */
  get demo(): boolean {
    return config.databaseUrl ? process.env.RIBBON_DEMO === "1" : process.env.RIBBON_DEMO !== "0";
  },
  /** One log line per API request (request id, method, path, status, duration); `off` silences it. */
  get logRequests(): boolean {
    return process.env.RIBBON_LOG_REQUESTS !== "off";
  },
  get sweeper(): boolean {
    return process.env.RIBBON_SWEEPER !== "off";
  },
  /** Milliseconds between two runs of the in-process sweeper (used when Inngest is not configured). */
  get sweeperIntervalMs(): number {
    return Math.max(250, Number(process.env.RIBBON_SWEEPER_INTERVAL_MS) || 5_000);
  },
  /** Simulated warehouse (embedded default and sandbox gifts): seconds from the order to shipping. */
  get simulatedShipAfterS(): number {
    return seconds(process.env.RIBBON_SIMULATED_SHIP_AFTER_S, 30);
  },
  /** Simulated warehouse: seconds from shipping to delivery. */
  get simulatedDeliverAfterS(): number {
    return seconds(process.env.RIBBON_SIMULATED_DELIVER_AFTER_S, 60);
  },
  /** Resend API key: when set, gift emails go out through Resend; otherwise they land in the local outbox. */
  get resendApiKey(): string | undefined {
    return process.env.RESEND_API_KEY || undefined;
  },
  /** The From header of every email (must be a sender verified with Resend when Resend is used). */
  get emailFrom(): string {
    return process.env.EMAIL_FROM || "Ribbon <onboarding@resend.dev>";
  },
  /** Which mail transport is active. */
  get mailTransport(): "resend" | "outbox" {
    return config.resendApiKey ? "resend" : "outbox";
  },
  /**
   * Inngest schedules deliveries when it is configured: Inngest Cloud keys, or the dev
   * server (`INNGEST_DEV=1` with `INNGEST_BASE_URL`). Otherwise the in-process sweeper does.
   * The SDK reads these variables itself; this only decides who the scheduler is.
   */
  get inngest(): boolean {
    const env = process.env;
    return Boolean(env.INNGEST_EVENT_KEY || env.INNGEST_SIGNING_KEY || (env.INNGEST_DEV === "1" && env.INNGEST_BASE_URL));
  },
};
