import { randomBytes } from "node:crypto";
import { open, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { config } from "@/lib/config";

/** Where the demo accounts' credentials live: `<RIBBON_DATA_DIR>/demo-credentials.json`. */
export const demoCredentialsPath = (dataDir: string) => path.join(dataDir, "demo-credentials.json");

/** What became of `demo-credentials.json` after a user's tokens changed. */
export type DemoFileUpdate =
  | "updated" // it lists the user, and now holds their new tokens (null after a revoke)
  | "not-listed" // no such file, or the user isn't one of its accounts: nothing to keep true
  | "stale"; // it lists the user (or can't be read) and could not be rewritten

/**
 * Writes the file the atomic way: a new private (0600) file beside it, flushed, then renamed
 * over it. A reader sees the old content or the new, never half of it; a crash leaves the old.
 */
export async function writePrivateFileAtomically(file: string, content: string): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(temporary, "wx", 0o600);
  try {
    await handle.chmod(0o600); // the mode given to open() is narrowed by the umask, never widened: make it exact
    await handle.writeFile(content);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

type Account = { email?: unknown; live_token?: unknown; sandbox_token?: unknown };

async function rewrite(
  file: string,
  email: string,
  tokens: { live: string; sandbox: string } | null,
): Promise<DemoFileUpdate> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "not-listed";
    return "stale";
  }
  let data: { accounts?: unknown };
  try {
    data = JSON.parse(text);
  } catch {
    return "stale"; // not ours to repair: leave it as it is
  }
  if (typeof data !== "object" || data === null || !Array.isArray(data.accounts)) return "stale";
  const wanted = email.toLowerCase();
  const account = (data.accounts as Account[]).find(
    (a) => typeof a?.email === "string" && a.email.toLowerCase() === wanted,
  );
  if (!account) return "not-listed";
  account.live_token = tokens?.live ?? null;
  account.sandbox_token = tokens?.sandbox ?? null;
  try {
    await writePrivateFileAtomically(file, JSON.stringify(data, null, 2) + "\n");
    return "updated";
  } catch {
    return "stale";
  }
}

// Read-modify-write of one file: updates queue behind each other (in this process), so two
// users rolling at once can't lose one another's tokens.
const queue = globalThis as unknown as { __ribbonDemoFileQueue?: Promise<unknown> };

/**
 * Keeps `demo-credentials.json` true after a user's developer tokens changed: the account
 * with that email gets the new tokens (null after a revoke); every other byte of meaning is
 * kept, and the file stays mode 0600. Never throws, never logs the tokens.
 */
export function updateDemoCredentials(
  file: string,
  email: string,
  tokens: { live: string; sandbox: string } | null,
): Promise<DemoFileUpdate> {
  const next = (queue.__ribbonDemoFileQueue ?? Promise.resolve())
    .then(() => rewrite(file, email, tokens))
    .catch(() => "stale" as const);
  queue.__ribbonDemoFileQueue = next;
  return next;
}

/** The same for this server's own file, when it runs with demo data (`config.demo`). */
export function syncDemoCredentials(
  email: string,
  tokens: { live: string; sandbox: string } | null,
): Promise<DemoFileUpdate> {
  if (!config.demo) return Promise.resolve("not-listed");
  return updateDemoCredentials(demoCredentialsPath(config.dataDir), email, tokens);
}
