import { z } from "zod";

const flag = (values: string[]) => z.enum(values as [string, ...string[]]).optional();
const positiveInt = z.string().regex(/^\d+$/, "must be a whole number").optional();
const httpUrl = (what: string) =>
  z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || /^https?:\/\/[^/\s]+(\/[^\s]*)?$/i.test(v), `must be an absolute http(s) URL (${what})`);

/**
 * Every environment variable Ribbon reads, validated once at boot (lib/boot.ts) so a typo
 * fails the start with a message naming the variable instead of misbehaving later.
 * The table in docs/operations.md documents each one.
 */
export const envSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, "must be a port number")
    .refine((v) => Number(v) >= 1 && Number(v) <= 65535, "must be a port number from 1 to 65535")
    .optional(),
  HOST: z.string().regex(/^[\w.:[\]-]+$/, "must be a host name or an IP address to listen on").optional(),
  APP_URL: httpUrl("the public base URL, e.g. https://gifts.example.com").refine((v) => !v || !/[?#]/.test(v), "must not have a query or fragment"),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\//.test(v), "must be a postgresql:// URL"),
  DATABASE_POOL_SIZE: positiveInt,
  RIBBON_DATA_DIR: z.string().optional(),
  RIBBON_DEMO: flag(["0", "1"]),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters (e.g. openssl rand -base64 32)").optional(),
  RIBBON_SWEEPER: flag(["on", "off"]),
  RIBBON_SWEEPER_INTERVAL_MS: positiveInt,
  RIBBON_LOG_REQUESTS: flag(["on", "off"]),
  RIBBON_WEBHOOKS_ALLOW_PRIVATE: flag(["0", "1"]),
  RIBBON_TRUST_PROXY: flag(["0", "1"]),
  RESEND_API_KEY: z.string().optional(),
  EMAIL_FROM: z.string().optional(),
  INNGEST_DEV: flag(["0", "1"]),
  INNGEST_BASE_URL: httpUrl("the Inngest dev server"),
});

/**
 * Problems with the environment, one line each naming the variable; empty when it is fine.
 * In production (a PostgreSQL deployment, or NODE_ENV=production with an https APP_URL)
 * AUTH_SECRET must be set: generating one per instance would break sessions and untie URLs.
 */
export function configProblems(env: Record<string, string | undefined>): string[] {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(present);
  const problems = result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")} ${i.message}`);
  if (present.DATABASE_URL && !present.AUTH_SECRET) {
    problems.push("AUTH_SECRET must be set when DATABASE_URL is: every instance must share it (e.g. openssl rand -base64 32)");
  }
  return problems;
}
