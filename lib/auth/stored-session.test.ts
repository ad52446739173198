import { describe, expect, it } from "vitest";
import { sha256 } from "@/lib/crypto";
import { createPerson, processDatabaseForFile } from "@/lib/testing/teams";
import { sessionCookieName, storedSessionUser } from "./stored-session";

const t = processDatabaseForFile();
const DAY = 24 * 60 * 60 * 1000;

async function sessionFor(userId: string, expires: Date): Promise<string> {
  const token = crypto.randomUUID();
  await t.db.session.create({ data: { sessionToken: sha256(token), userId, expires } });
  return token;
}

describe("storedSessionUser: the session read in one statement, when Auth.js would only read it", () => {
  it("is the session's person while the session is live and not due for its daily extension", async () => {
    const { user } = await createPerson(t.db);
    const now = Date.now();
    const token = await sessionFor(user.id, new Date(now + 30 * DAY - 60_000));
    expect(await storedSessionUser(t.db, token, now)).toEqual({ id: user.id, name: user.name, email: user.email });
  });

  it("leaves to Auth.js an unknown token, the stored hash itself, an expired session and one due to be extended", async () => {
    const { user } = await createPerson(t.db);
    const now = Date.now();
    expect(await storedSessionUser(t.db, "no such token", now)).toBeNull();
    const live = await sessionFor(user.id, new Date(now + 30 * DAY - 60_000));
    expect(await storedSessionUser(t.db, sha256(live), now)).toBeNull();
    expect(await storedSessionUser(t.db, await sessionFor(user.id, new Date(now - 1000)), now)).toBeNull();
    // Last extended more than a day ago: 29 days left or less.
    expect(await storedSessionUser(t.db, await sessionFor(user.id, new Date(now + 29 * DAY)), now)).toBeNull();
    expect(await storedSessionUser(t.db, live, now)).not.toBeNull();
  });

  it("names Auth.js's cookie: __Secure- on an https site only", () => {
    expect(sessionCookieName("https://ribbon.example")).toBe("__Secure-authjs.session-token");
    expect(sessionCookieName("http://127.0.0.1:3000")).toBe("authjs.session-token");
  });
});
