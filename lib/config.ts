import path from "node:path";
import { configProblems } from "./config-schema";
import { invalidConfiguration } from "./config-listen.mjs";

// The one module that reads process.env (a lint rule refuses it anywhere else). Values are read
// when asked for, so tests can vary them; `assertValidConfig()` checks them all once at start.
const env = process.env;

/** A non-negative number of seconds from the environment, or the default when unset or not a number. */
function seconds(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isFinite(n) && n >= 0 ? n : fallback;
}

/** Every environment variable Ribbon reads, in one place; the schema is lib/config-schema.ts. */
export const config = {
  get databaseUrl(): string | undefined {
    return env.DATABASE_URL || undefined;
  },
  /** Connections each process keeps to PostgreSQL (`DATABASE_POOL_SIZE`, default 10). */
  get databasePoolSize(): number {
    const size = Number(env.DATABASE_POOL_SIZE);
    return Number.isInteger(size) && size > 0 ? size : 10;
  },
  /**
   * Longest a transaction may hold the database (`RIBBON_TRANSACTION_BUDGET_MS`, default 100;
   * 0 turns the check off): one over it is logged with its caller (lib/database/transaction-budget.ts).
   */
  get transactionBudgetMs(): number {
    const ms = Number(env.RIBBON_TRANSACTION_BUDGET_MS);
    return env.RIBBON_TRANSACTION_BUDGET_MS?.trim() && Number.isInteger(ms) && ms >= 0 ? ms : 100;
  },
  get dataDir(): string {
    return path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.RIBBON_DATA_DIR || ".data");
  },
  get port(): number {
    return Number(env.PORT) || 3000;
  },
  /** Interface the server listens on: loopback unless told otherwise (HOST=0.0.0.0 in a container). */
  get host(): string {
    return env.HOST || "127.0.0.1";
  },
  get appUrl(): string {
    return (env.APP_URL || `http://localhost:${config.port}`).replace(/\/+$/, "");
  },
  /** Demo accounts: always on the embedded database, opt-in on PostgreSQL. */
  get demo(): boolean {
    return config.databaseUrl ? env.RIBBON_DEMO === "1" : env.RIBBON_DEMO !== "0";
  },
  /** One log line per API request (request id, method, path, status, duration); `off` silences it. */
  get logRequests(): boolean {
    return env.RIBBON_LOG_REQUESTS !== "off";
  },
  get sweeper(): boolean {
    return env.RIBBON_SWEEPER !== "off";
  },
  /** Milliseconds between two runs of the in-process sweeper (used when Inngest is not configured). */
  get sweeperIntervalMs(): number {
    return Math.max(250, Number(env.RIBBON_SWEEPER_INTERVAL_MS) || 5_000);
  },
  /** Simulated warehouse (embedded default and sandbox gifts): seconds from the order to shipping. */
  get simulatedShipAfterS(): number {
    return seconds(env.RIBBON_SIMULATED_SHIP_AFTER_S, 30);
  },
  /** Simulated warehouse: seconds from shipping to delivery. */
  get simulatedDeliverAfterS(): number {
    return seconds(env.RIBBON_SIMULATED_DELIVER_AFTER_S, 60);
  },
  /**
   * Where the `refresh-exchange-rates` job reads the day's reference rates (the ECB's
   * eurofxref-daily XML format). Unset: the job does nothing and the rates stay as they are
   * (the shipped snapshot on a fresh database): docs/international.md.
   */
  get exchangeRatesUrl(): string | undefined {
    return env.RIBBON_EXCHANGE_RATES_URL || undefined;
  },
  /** Resend API key: when set, gift emails go out through Resend; otherwise they land in the local outbox. */
  get resendApiKey(): string | undefined {
    return env.RESEND_API_KEY || undefined;
  },
  /**
   * Resend's webhook signing secret (whsec_…): provider events (bounces, complaints, deliveries)
   * are accepted only when signed with it. Unset: the events route refuses everything. Never logged.
   */
  get resendWebhookSecret(): string | undefined {
    return env.RESEND_WEBHOOK_SECRET || undefined;
  },
  /** The From header of every email (must be a sender verified with Resend when Resend is used). */
  get emailFrom(): string {
    return env.EMAIL_FROM || "Ribbon <onboarding@resend.dev>";
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
    return Boolean(
      env.INNGEST_EVENT_KEY || env.INNGEST_SIGNING_KEY || (env.INNGEST_DEV === "1" && env.INNGEST_BASE_URL),
    );
  },
  /** RIBBON_WEBHOOKS_ALLOW_PRIVATE=1: webhooks may reach private addresses (lib/webhooks/settings.ts). */
  get webhooksAllowPrivate(): boolean {
    return env.RIBBON_WEBHOOKS_ALLOW_PRIVATE === "1";
  },
  /** Redis for the rate-limit counters every instance shares. */
  get redisUrl(): string | undefined {
    return env.REDIS_URL || undefined;
  },
  /** The server's signing secret when the operator set one (lib/secrets.ts generates one otherwise). */
  get authSecret(): string | undefined {
    return env.AUTH_SECRET || undefined;
  },
  /** A variable that holds a whole number (RIBBON_RATE_LIMIT_*), or undefined when unset or not one. */
  wholeNumber(name: string): number | undefined {
    const value = env[name];
    return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
  },
};

/** At start: every variable checked against the schema; a bad value stops the server with one line per variable. */
export function assertValidConfig(): void {
  const problems = configProblems(env);
  if (problems.length > 0) throw new Error(invalidConfiguration(problems));
}

/**
 * Auth.js reads its base URL from the environment: it is APP_URL's (never the request's Host).
 * Returns the environment for Auth.js's own defaults.
 */
export function authJsEnvironment(basePath: string): NodeJS.ProcessEnv {
  env.AUTH_URL = `${config.appUrl}${basePath}`;
  return env;
}
