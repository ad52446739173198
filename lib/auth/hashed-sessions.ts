import type { Adapter, AdapterSession } from "@auth/core/adapters";
import { sha256 } from "@/lib/crypto";

/**
 * Auth.js's Prisma adapter stores the session token as it is: whoever reads the Session table
 * could sign in as anyone. This keeps only its SHA-256; the browser's cookie keeps the token.
 */
export function withHashedSessions(adapter: Adapter): Adapter {
  const restore = <T extends AdapterSession | null | undefined>(session: T, token: string): T =>
    session ? { ...session, sessionToken: token } : session;
  return {
    ...adapter,
    createSession: async (session) =>
      restore(
        await adapter.createSession!({ ...session, sessionToken: sha256(session.sessionToken) }),
        session.sessionToken,
      ),
    getSessionAndUser: async (token) => {
      const found = await adapter.getSessionAndUser!(sha256(token));
      return found ? { ...found, session: restore(found.session, token) } : null;
    },
    updateSession: async (session) =>
      restore(
        await adapter.updateSession!({ ...session, sessionToken: sha256(session.sessionToken) }),
        session.sessionToken,
      ),
    deleteSession: async (token) => restore((await adapter.deleteSession!(sha256(token))) ?? null, token),
  };
}
