// Where `npm start` listens (PORT, HOST): the config schema's rules for them (lib/config-schema.ts
// spreads listenShape), in plain JavaScript so scripts/start.mjs checks them before it hands them
// to `next start`, whose own messages don't name the variable. One format for every problem:
// the variable, then what it accepts.
import { z } from "zod";

export const listenShape = {
  PORT: z
    .string()
    .refine((v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535, "must be a port number from 1 to 65535")
    .optional(),
  HOST: z
    .string()
    .regex(/^[\w.:[\]-]+$/, "must be a host name or an IP address to listen on")
    .optional(),
};

/** One line per problem, naming the variable: `PORT must be a port number`. */
export const problemLines = (issues) => issues.map((i) => `${i.path.join(".")} ${i.message}`);

/** The environment's variables that are set (an empty value counts as unset). */
export const presentVariables = (env) =>
  Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));

/** Problems with PORT and HOST, one line each; empty when they are fine. */
export function listenProblems(env) {
  const result = z.object(listenShape).safeParse(presentVariables(env));
  return result.success ? [] : problemLines(result.error.issues);
}

/** What an invalid configuration stops the start with (lib/config.ts, scripts/start.mjs). */
export const invalidConfiguration = (problems) => `the configuration is invalid:\n  ${problems.join("\n  ")}`;
