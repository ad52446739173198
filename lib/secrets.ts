import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { config } from "./config";

let cached: string | undefined;

/**
 * The server's signing secret: AUTH_SECRET, or one generated once and kept (0600) in the
 * data folder so that untie URLs and sessions survive restarts on the embedded default.
 * Several instances on one PostgreSQL must share AUTH_SECRET.
 */
export function appSecret(): string {
  if (config.authSecret) return config.authSecret;
  if (cached) return cached;
  const file = path.join(config.dataDir, "auth-secret");
  try {
    cached = readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    cached = randomBytes(32).toString("base64url");
    writeFileSync(file, cached, { mode: 0o600, flag: "wx" });
  }
  return cached;
}
