import NextAuth from "next-auth";
import { PrismaAdapter } from "@auth/prisma-adapter";
import { getDb } from "@/lib/db";
import { sendSignInEmail } from "./sign-in-email";

// People sign in with a magic link (Auth.js email provider) and database sessions.
// The config is lazy because the database is opened asynchronously.
export const { handlers, auth, signIn, signOut } = NextAuth(async () => {
  const db = await getDb();
  return {
    adapter: PrismaAdapter(db),
    session: { strategy: "database" },
    trustHost: true,
    pages: { signIn: "/signin", verifyRequest: "/signin/check-email" },
    providers: [
      {
        id: "email",
        type: "email",
        name: "Email",
        maxAge: 60 * 60,
        sendVerificationRequest: ({ identifier, url }) => sendSignInEmail(db, { to: identifier, url }),
      },
    ],
  };
});
