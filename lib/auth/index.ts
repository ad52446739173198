import { Auth, setEnvDefaults } from "@auth/core";
import NextAuth, { type NextAuthConfig } from "next-auth";
import { PrismaAdapter } from "@auth/prisma-adapter";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { BodyTooLargeError, readBodyBytes } from "@/lib/http/read-body";
import { sameOriginUrl } from "@/lib/urls";
import { sendSignInEmail } from "./sign-in-email";

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
    adapter: PrismaAdapter(db),
    session: { strategy: "database" },
    trustHost: true,
    basePath: BASE_PATH,
    pages: { signIn: "/signin", verifyRequest: "/signin/check-email", error: "/signin" },
    callbacks: {
      // Only ever back to a page of this site (APP_URL), e.g. /account or the consent screen.
      redirect: ({ url }) => sameOriginUrl(url, "/account"),
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

export const { auth, signIn, signOut } = NextAuth(authConfig);

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
      throw error;
    }
  }
  const options = await authConfig();
  options.secret ??= process.env.AUTH_SECRET;
  setEnvDefaults(process.env, options, true);
  const url = new URL(request.url);
  const onAppUrl = new Request(new URL(`${url.pathname}${url.search}`, config.appUrl), { method: request.method, headers: request.headers, body });
  return Auth(onAppUrl, options);
}

export const handlers = { GET: handle, POST: handle };
