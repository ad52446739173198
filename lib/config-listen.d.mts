import type { z } from "zod";

export const listenShape: {
  PORT: z.ZodOptional<z.ZodString>;
  HOST: z.ZodOptional<z.ZodString>;
};
export function problemLines(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string[];
export function presentVariables(env: Record<string, string | undefined>): Record<string, string>;
export function listenProblems(env: Record<string, string | undefined>): string[];
export function invalidConfiguration(problems: readonly string[]): string;
