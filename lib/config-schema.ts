import { z } from "zod";
import { parseTrustedProxies } from "@/lib/http/trusted-proxies.mjs";
import { listenShape, presentVariables, problemLines } from "./config-listen.mjs";

const flag = (values: string[]) =>
  z.enum(values as [string, ...string[]], { error: `must be ${values.map((v) => `"${v}"`).join(" or ")}` }).optional();
const positiveInt = z.string().regex(/^\d+$/, "must be a whole number").optional();
const seconds = z
  .string()
  .regex(/^\d+(\.\d+)?$/, "must be a number of seconds (0 or more)")
  .optional();
const limitPoints = z.string().regex(/^\d+$/, "must be a whole number (0 turns the limit off)").optional();
/** RIBBON_RATE_LIMIT_*: each limit's points (lib/ratelimit/limits.ts names them; a test keeps the two lists equal). */
const rateLimitVariables = {
  RIBBON_RATE_LIMIT_API_PER_MINUTE: limitPoints,
  RIBBON_RATE_LIMIT_SIGNIN_PER_ADDRESS_PER_HOUR: limitPoints,
  RIBBON_RATE_LIMIT_SIGNIN_PER_IP_PER_HOUR: limitPoints,
  RIBBON_RATE_LIMIT_FAILED_GUESSES_PER_IP: limitPoints,
  RIBBON_RATE_LIMIT_INVITATIONS_PER_USER_PER_HOUR: limitPoints,
  RIBBON_RATE_LIMIT_CLIENT_METADATA_PER_IP: limitPoints,
  RIBBON_RATE_LIMIT_CLIENT_REGISTRATIONS_PER_IP_PER_HOUR: limitPoints,
};
const httpUrl = (what: string) =>
  z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || v === "" || /^https?:\/\/[^/\s]+(\/[^\s]*)?$/i.test(v),
      `must be an absolute http(s) URL (${what})`,
    );

/**
 * Every environment variable Ribbon reads, validated once at boot (lib/boot.ts) so a typo
 * fails the start with a message naming the variable instead of misbehaving later.
 * The table in docs/operations.md documents each one.
 */
export const envSchema = z.object({
  ...listenShape,
  APP_URL: httpUrl("the public base URL, e.g. https://gifts.example.com").refine(
    (v) => !v || !/[?#]/.test(v),
    "must not have a query or fragment",
  ),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\//.test(v), "must be a postgresql:// URL"),
  DATABASE_POOL_SIZE: positiveInt,
  RIBBON_TRANSACTION_BUDGET_MS: positiveInt,
  RIBBON_DATA_DIR: z
    .string()
    .regex(/^[^\u0000-\u001f]+$/, "must be a folder path")
    .optional(),
  RIBBON_DEMO: flag(["0", "1"]),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters (e.g. openssl rand -base64 32)").optional(),
  RIBBON_SWEEPER: flag(["on", "off"]),
  RIBBON_SWEEPER_INTERVAL_MS: positiveInt,
  RIBBON_LOG_REQUESTS: flag(["on", "off"]),
  RIBBON_WEBHOOKS_ALLOW_PRIVATE: flag(["0", "1"]),
  RIBBON_TRUST_PROXY: flag(["0", "1"]),
  RIBBON_TRUSTED_PROXIES: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const bad = v === undefined ? undefined : parseTrustedProxies(v).bad;
      if (bad !== undefined)
        ctx.addIssue({
          code: "custom",
          message: `must be IP addresses or CIDR ranges separated by commas, e.g. "10.0.0.5, 10.1.0.0/16" (${JSON.stringify(bad)} is neither)`,
        });
    }),
  RIBBON_SIMULATED_SHIP_AFTER_S: seconds,
  RIBBON_SIMULATED_DELIVER_AFTER_S: seconds,
  ...rateLimitVariables,
  REDIS_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^rediss?:\/\/\S+$/.test(v), "must be a redis:// or rediss:// URL"),
  RESEND_API_KEY: z
    .string()
    .optional()
    .refine((v) => !v || /^re_\S+$/.test(v), "must be a Resend API key (re_…)"),
  RESEND_WEBHOOK_SECRET: z
    .string()
    .optional()
    .refine(
      (v) => !v || /^whsec_[A-Za-z0-9+/]{16,}={0,2}$/.test(v),
      "must be a Resend webhook signing secret (whsec_…)",
    ),
  EMAIL_FROM: z
    .string()
    .optional()
    .refine(
      (v) => !v || /^([^<>@\r\n]+<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(v),
      'must be an address, or "Name <address>"',
    ),
  INNGEST_EVENT_KEY: z.string().regex(/^\S+$/, "must be an Inngest event key (no spaces)").optional(),
  INNGEST_SIGNING_KEY: z
    .string()
    .regex(/^signkey-\S+$/, "must be an Inngest signing key (signkey-…)")
    .optional(),
  INNGEST_DEV: flag(["0", "1"]),
  INNGEST_BASE_URL: httpUrl("the Inngest dev server"),
  RIBBON_EXCHANGE_RATES_URL: httpUrl("the ECB's eurofxref-daily.xml or a mirror of it"),
});

/**
 * Problems with the environment, one line each naming the variable; empty when it is fine.
 * In production (a PostgreSQL deployment, or NODE_ENV=production with an https APP_URL)
 * AUTH_SECRET must be set: generating one per instance would break sessions and untie URLs.
 */
export function configProblems(env: Record<string, string | undefined>): string[] {
  const present = presentVariables(env);
  const result = envSchema.safeParse(present);
  const problems = result.success ? [] : problemLines(result.error.issues);
  if (present.DATABASE_URL && !present.AUTH_SECRET) {
    problems.push(
      "AUTH_SECRET must be set when DATABASE_URL is: every instance must share it (e.g. openssl rand -base64 32)",
    );
  }
  if (
    present.RIBBON_TRUSTED_PROXIES &&
    present.RIBBON_TRUST_PROXY !== "1" &&
    !problems.some((p) => p.startsWith("RIBBON_TRUSTED_PROXIES "))
  ) {
    problems.push(
      "RIBBON_TRUSTED_PROXIES needs RIBBON_TRUST_PROXY=1: without it no forwarding header is believed, from any proxy",
    );
  }
  return problems;
}
