import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { cache } from "react";
import {
  approveAuthorization,
  checkAuthorizationRequest,
  denyAuthorization,
  type AuthorizationQuery,
} from "@/lib/oauth";
import { publicContext, siteContext } from "@/lib/site/context";
import { describeCaps } from "@/lib/billing";
import { InvalidAuthorization } from "./invalid-authorization";

type Props = { searchParams: Promise<AuthorizationQuery> };

/** The link's check, once per request (title and page). */
const checked = cache(async (query: AuthorizationQuery) =>
  checkAuthorizationRequest((await publicContext()).db, query),
);

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return (await checked(await searchParams)).status === "invalid"
    ? { title: "This authorization link doesn't work", robots: { index: false } }
    : { title: "Authorize an application" };
}

/** This page's own path and query, to come back to after signing in. */
function selfPath(query: AuthorizationQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const v of [value ?? []].flat()) params.append(key, v);
  return `/oauth2/authorize?${params}`;
}

/** GET /oauth2/authorize (spec §5.2): sign in, then approve or deny the application. */
export default async function AuthorizePage({ searchParams }: Props) {
  const query = await searchParams;
  const here = selfPath(query);
  const check = await checked(query);
  // An untrusted client or redirect URI: explained before any sign-in (proxy.ts set the 400).
  if (check.status === "invalid") return <InvalidAuthorization reason={check.reason} />;
  const { db, actor } = await siteContext();
  if (!actor) redirect(`/signin?callbackUrl=${encodeURIComponent(here)}`);
  const person = actor.user;

  // Checked again for this person: the collections a cap names must be ones they may use (else
  // back to the application, never naming them).
  const mine = await checkAuthorizationRequest(db, query, { userId: person.id });
  if (mine.status === "invalid") return <InvalidAuthorization reason={mine.reason} />;
  if (mine.status === "redirect") redirect(mine.to);

  const decision = {
    clientId: mine.client.clientId,
    redirectUri: mine.redirectUri,
    state: mine.state,
    codeChallenge: mine.codeChallenge,
    caps: mine.caps,
  };
  const names = new Map(mine.collections.map((c) => [c.id, c.name]));
  const caps = describeCaps(mine.caps, (id) => names.get(id) ?? `collection ${id}`);

  // The user comes from the session at the time of the click; the client and redirect URI
  // are checked again by the domain before anything is issued.
  async function approve() {
    "use server";
    const now = await siteContext();
    if (!now.actor) redirect(`/signin?callbackUrl=${encodeURIComponent(here)}`);
    const result = await approveAuthorization(now.db, { ...decision, userId: now.actor.user.id });
    redirect(result.status === "redirect" ? result.to : here);
  }

  async function deny() {
    "use server";
    const result = await denyAuthorization((await publicContext()).db, decision);
    redirect(result.status === "redirect" ? result.to : here);
  }

  return (
    <main className="mx-auto max-w-md px-6 py-20">
      <h1 className="text-3xl font-semibold tracking-tight">Authorize {mine.client.name}</h1>
      <p className="mt-4 text-lg" data-testid="consent">
        <strong>{mine.client.name}</strong> wants to create and send gifts on your behalf, for your teams.
      </p>
      {caps.length > 0 ? (
        <div className="mt-4 rounded-lg border border-stone-200 bg-stone-50 p-4" data-testid="consent-caps">
          <p className="font-medium">It may spend:</p>
          <ul className="mt-1 list-disc pl-5">
            {caps.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-stone-600">
            Anything over these is refused, whatever it asks later. Days and months are UTC.
          </p>
        </div>
      ) : (
        <p className="mt-4 text-sm text-stone-700" data-testid="consent-caps">
          It asks for no spending cap: it may spend whatever your teams&apos; budgets allow.
        </p>
      )}
      <p className="mt-3 text-sm text-stone-600">
        Signed in as {person.email}. It will act as you with a live credential (charges and real emails) until you
        revoke it. You&apos;ll be sent back to <code className="break-all">{new URL(mine.redirectUri).origin}</code>.
      </p>
      <div className="mt-8 flex gap-4">
        <form action={approve}>
          <button type="submit" className="rounded-full bg-[var(--ribbon)] px-6 py-2 font-semibold text-white">
            Approve
          </button>
        </form>
        <form action={deny}>
          <button type="submit" className="rounded-full border border-stone-300 px-6 py-2">
            Deny
          </button>
        </form>
      </div>
    </main>
  );
}
