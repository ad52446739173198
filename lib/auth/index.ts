import { Auth, setEnvDefaults } from "@auth/core";
import NextAuth, { type NextAuthConfig } from "next-auth";
import { PrismaAdapter } from "@auth/prisma-adapter";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { forgetSignInEmails } from "@/lib/delivery";
import { BodyIncompleteError, BodyTooLargeError, readBodyBytes } from "@/lib/http/read-body";
import { sameOriginUrl } from "@/lib/urls";
import { withHashedSessions } from "./hashed-sessions";
import { sendSignInEmail } from "./sign-in-email";
import { allowSignInEmail } from "./sign-in-limit";

const BASE_PATH = "/api/auth";
/** Sign-in posts are an email address and a CSRF token. */
const MAX_AUTH_BODY_BYTES = 16 * 1024;

// Auth.js builds sign-in links and redirects from AUTH_URL when it is set, and from the
// request's Host / X-Forwarded-Host otherwise — which an attacker chooses. Every URL Ribbon
// emits comes from APP_URL, so Auth.js gets its base URL from there, whatever the environment says.
process.env.AUTH_URL = `${config.appUrl}${BASE_PATH}`;

// People sign in with a magic link (Auth.js email provider) and database sessions.
// The config is lazy because the database is opened asynchronously.
async function authConfig(): Promise<NextAuthConfig> {
  const db = await getDb();
  return {
    adapter: withHashedSessions(PrismaAdapter(db)),
    session: { strategy: "database" },
    trustHost: true,
    basePath: BASE_PATH,
    pages: { signIn: "/signin", verifyRequest: "/signin/check-email", error: "/signin" },
    callbacks: {
      // Only ever back to a page of this site (APP_URL), e.g. /account or the consent screen.
      redirect: ({ url }) => sameOriginUrl(url, "/account"),
    },
    events: {
      // A used link (and any other unused one to the same address) must not stay readable in the outbox.
      signIn: async ({ user }) => {
        if (user.email) await forgetSignInEmails(db, user.email);
      },
    },
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
}

const nextAuth = NextAuth(authConfig);
export const { auth, signOut } = nextAuth;

/** Where a refused sign-in email request lands: the sign-in page saying so. */
const SIGN_IN_LIMITED = () => `${config.appUrl}/signin?error=EmailSignin`;

/**
 * Sends the magic link for the sign-in form (a server action), after the same per-address and
 * per-IP limits as the /api/auth route. Returns false when the limit refused it.
 */
export async function sendSignInLink(email: string, redirectTo: string, request: Request): Promise<boolean> {
  if (!(await allowSignInEmail(email, request))) return false;
  await nextAuth.signIn("email", { email, redirectTo });
  return true;
}

/**
 * The /api/auth/* route handlers: Auth.js on the same request addressed to APP_URL.
 * next-auth's own handlers go through NextRequest, which rewrites 127.0.0.1 to "localhost"
 * and keeps the host Next saw, so links and redirects would not be on APP_URL.
 */
async function handle(request: Request): Promise<Response> {
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (request.method === "POST") {
    try {
      body = (await readBodyBytes(request, MAX_AUTH_BODY_BYTES)) as Uint8Array<ArrayBuffer>;
    } catch (error) {
      if (error instanceof BodyTooLargeError) return new Response(error.message, { status: 413 });
      if (error instanceof BodyIncompleteError) return new Response(error.message, { status: 400 });
      throw error;
    }
  }
  const url = new URL(request.url);
  if (body && url.pathname === `${BASE_PATH}/signin/email`) {
    const email = new URLSearchParams(new TextDecoder().decode(body)).get("email") ?? "";
    if (!(await allowSignInEmail(email, request))) return Response.redirect(SIGN_IN_LIMITED(), 302);
  }
  const options = await authConfig();
  options.secret ??= process.env.AUTH_SECRET;
  setEnvDefaults(process.env, options, true);
  const onAppUrl = new Request(new URL(`${url.pathname}${url.search}`, config.appUrl), { method: request.method, headers: request.headers, body });
  return Auth(onAppUrl, options);
}

export const handlers = { GET: handle, POST: handle };
