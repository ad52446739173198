import { Auth, setEnvDefaults } from "@auth/core";
import { AuthError } from "@auth/core/errors";
import NextAuth, { type NextAuthConfig } from "next-auth";
import { cookies } from "next/headers";
import { cache } from "react";
import { PrismaAdapter } from "@auth/prisma-adapter";
import { authJsEnvironment, config } from "@/lib/config";
import { appSecret } from "@/lib/secrets";
import { getDb } from "@/lib/db";
import { forgetSignInEmails } from "@/lib/outbox";
import { AUTH_BODY_LIMIT, tooLargePage } from "@/lib/http/body-limits.mjs";
import { BodyIncompleteError, BodyTooLargeError, readBodyBytes } from "@/lib/http/read-body";
import { countFailedGuess } from "@/lib/ratelimit";
import { sameOriginUrl } from "@/lib/urls";
import { withHashedSessions } from "./hashed-sessions";
import { SESSION_MAX_AGE_MS, SESSION_UPDATE_AGE_MS, sessionCookieName, storedSessionUser } from "./stored-session";
import { sendSignInEmail } from "./sign-in-email";
import { allowSignInEmail } from "./sign-in-limit";
import { DEFAULT_AFTER_SIGN_IN, isSignInEmail, normalizeSignInEmail, signInPagePath } from "./sign-in-page";

export { DEFAULT_AFTER_SIGN_IN, signInPagePath } from "./sign-in-page";

const BASE_PATH = "/api/auth";

// Auth.js builds sign-in links and redirects from AUTH_URL when it is set, and from the
// request's Host / X-Forwarded-Host otherwise — which an attacker chooses. Every URL Ribbon
// emits comes from APP_URL, so Auth.js gets its base URL from there, whatever the environment says.
const authEnv = authJsEnvironment(BASE_PATH);

// People sign in with a magic link (Auth.js email provider) and database sessions.
// The config is lazy because the database is opened asynchronously.
async function authConfig(): Promise<NextAuthConfig> {
  const db = await getDb();
  return {
    adapter: withHashedSessions(PrismaAdapter(db)),
    secret: appSecret(),
    // Seconds; ./stored-session.ts reads a session that is not due for its extension without Auth.js.
    session: { strategy: "database", maxAge: SESSION_MAX_AGE_MS / 1000, updateAge: SESSION_UPDATE_AGE_MS / 1000 },
    trustHost: true,
    basePath: BASE_PATH,
    pages: { signIn: "/signin", verifyRequest: "/signin/check-email", error: "/signin" },
    callbacks: {
      // Only ever back to a page of this site (APP_URL), e.g. /account or the consent screen.
      redirect: ({ url }) => sameOriginUrl(url, DEFAULT_AFTER_SIGN_IN),
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
        normalizeIdentifier: normalizeSignInEmail,
        sendVerificationRequest: ({ identifier, url }) => sendSignInEmail(db, { to: identifier, url }),
      },
    ],
  };
}

const nextAuth = NextAuth(authConfig);
export const { signOut } = nextAuth;

/**
 * The session's person, looked up once per page render however many components ask; outside a
 * render every call looks it up. No session cookie at all is no one, without asking Auth.js (it
 * would answer null and set nothing: there is no session to clear or extend); this is every
 * stranger's request. A live session not due for its daily extension is read in one statement
 * (./stored-session.ts); anything else (unknown, expired, due) goes through Auth.js, which also
 * clears or extends it.
 */
const auth = cache(
  async (): Promise<{ user?: { id?: string; name?: string | null; email?: string | null } } | null> => {
    const jar = await cookies();
    const name = sessionCookieName(config.appUrl);
    if (!jar.getAll().some((c) => c.name === name || c.name.startsWith(`${name}.`))) return null;
    const token = jar.get(name)?.value;
    const user = token ? await storedSessionUser(await getDb(), token) : null;
    return user ? { user } : nextAuth.auth();
  },
);

/** Who is signed in: the person, never the session row (it holds the session's token). */
export type SignedInPerson = { id: string; name: string | null; email: string };

/**
 * Who is asking, for every page and server action: the signed-in person, or null. The one
 * place that reads the session; an action takes whose data to change from here, never from its form.
 */
export async function signedInPerson(): Promise<SignedInPerson | null> {
  const user = (await auth())?.user;
  return user?.id ? { id: user.id, name: user.name ?? null, email: user.email ?? "" } : null;
}

/** What became of a sign-in form: the link is on its way, or the error code the sign-in page explains. */
export type SignInLinkOutcome = "sent" | "EmailInvalid" | "EmailSignin";

/**
 * Sends the magic link for the sign-in form (a server action), after the same per-address and
 * per-IP limits as the /api/auth route. "EmailSignin" when the limit refused it or the mail
 * transport failed (Auth.js logs why).
 */
export async function sendSignInLink(email: string, redirectTo: string, request: Request): Promise<SignInLinkOutcome> {
  if (!isSignInEmail(email)) return "EmailInvalid";
  if (!(await allowSignInEmail(email, request))) return "EmailSignin";
  try {
    const next = await nextAuth.signIn("email", { email, redirectTo, redirect: false });
    return new URL(next, config.appUrl).searchParams.has("error") ? "EmailSignin" : "sent";
  } catch (error) {
    if (error instanceof AuthError) return "EmailSignin";
    throw error;
  }
}

/** The page a sign-in request or magic link was going to: the link's query, or the sign-in form's field. */
function requestedCallbackUrl(url: URL, form: URLSearchParams | undefined): string | null {
  return url.searchParams.get("callbackUrl") ?? form?.get("callbackUrl") ?? null;
}

/**
 * Auth.js sends every error to the sign-in page as `/signin?error=…`, forgetting the page the
 * person was going to (a used magic link carries it). Put it back, kept on this site, so the
 * new link asked for from the error page lands there too.
 */
function keepCallbackUrl(response: Response, callbackUrl: string | null): Response {
  const location = response.headers.get("Location");
  if (!location) return response;
  const target = new URL(location, config.appUrl);
  if (
    target.origin !== new URL(config.appUrl).origin ||
    target.pathname !== "/signin" ||
    !target.searchParams.has("error")
  )
    return response;
  const headers = new Headers(response.headers);
  headers.set(
    "Location",
    `${config.appUrl}${signInPagePath({ error: target.searchParams.get("error")!, callbackUrl })}`,
  );
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
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
      body = (await readBodyBytes(request, AUTH_BODY_LIMIT)) as Uint8Array<ArrayBuffer>;
    } catch (error) {
      // Sign-in posts come from the sign-in page's form: the answer is a page too.
      if (error instanceof BodyTooLargeError)
        return new Response(tooLargePage(AUTH_BODY_LIMIT, config.appUrl), {
          status: 413,
          headers: { "Content-Type": "text/html; charset=utf-8" },
        });
      if (error instanceof BodyIncompleteError) return new Response(error.message, { status: 400 });
      throw error;
    }
  }
  const url = new URL(request.url);
  const form = body && new URLSearchParams(new TextDecoder().decode(body));
  const callbackUrl = requestedCallbackUrl(url, form);
  if (form && url.pathname === `${BASE_PATH}/signin/email`) {
    if (!(await allowSignInEmail(form.get("email") ?? "", request)))
      return Response.redirect(`${config.appUrl}${signInPagePath({ error: "EmailSignin", callbackUrl })}`, 302);
  }
  const options = await authConfig();
  setEnvDefaults(authEnv, options, true);
  const onAppUrl = new URL(`${url.pathname}${url.search}`, config.appUrl);
  // Auth.js answers a callbackUrl it refuses (javascript:, another site) with a JSON 500; ours keeps it on the site.
  if (onAppUrl.searchParams.has("callbackUrl"))
    onAppUrl.searchParams.set("callbackUrl", sameOriginUrl(callbackUrl, DEFAULT_AFTER_SIGN_IN));
  const response = await Auth(
    new Request(onAppUrl, { method: request.method, headers: request.headers, body }),
    options,
  );
  if (url.pathname === `${BASE_PATH}/callback/email` && isVerificationFailure(response)) {
    // An unknown or used sign-in link counts as a failed guess; a right link always signs in.
    const over = await countFailedGuess(request);
    if (over)
      return Response.redirect(`${config.appUrl}${signInPagePath({ error: "TooManyAttempts", callbackUrl })}`, 303);
  }
  return keepCallbackUrl(response, callbackUrl);
}

const isVerificationFailure = (response: Response) =>
  new URL(response.headers.get("Location") ?? "/", config.appUrl).searchParams.get("error") === "Verification";

export const handlers = { GET: handle, POST: handle };
