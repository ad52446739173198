import { notFound, redirect } from "next/navigation";
import {
  approveAuthorization,
  checkAuthorizationRequest,
  denyAuthorization,
  type AuthorizationQuery,
} from "@/lib/oauth";
import { publicContext, siteContext } from "@/lib/site/context";
import { describeCaps } from "@/lib/billing";

export const metadata = { title: "Authorize an application" };

/** This page's own path and query, to come back to after signing in. */
function selfPath(query: AuthorizationQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const v of [value ?? []].flat()) params.append(key, v);
  return `/oauth2/authorize?${params}`;
}

/** GET /oauth2/authorize (spec §5.2): sign in, then approve or deny the application. */
export default async function AuthorizePage({ searchParams }: { searchParams: Promise<AuthorizationQuery> }) {
  const query = await searchParams;
  const here = selfPath(query);
  const { db, actor } = await siteContext();
  if (!actor) redirect(`/signin?callbackUrl=${encodeURIComponent(here)}`);
  const person = actor.user;

  // The collections a cap names must be ones this person may use (else back to the application).
  const check = await checkAuthorizationRequest(db, query, { userId: person.id });
  // proxy.ts has already answered an untrusted client or redirect URI with the 400 page.
  if (check.status === "invalid") notFound();
  if (check.status === "redirect") redirect(check.to);

  const decision = {
    clientId: check.client.clientId,
    redirectUri: check.redirectUri,
    state: check.state,
    codeChallenge: check.codeChallenge,
    caps: check.caps,
  };
  const names = new Map(check.collections.map((c) => [c.id, c.name]));
  const caps = describeCaps(check.caps, (id) => names.get(id) ?? `collection ${id}`);

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
      <h1 className="text-3xl font-semibold tracking-tight">Authorize {check.client.name}</h1>
      <p className="mt-4 text-lg" data-testid="consent">
        <strong>{check.client.name}</strong> wants to create and send gifts on your behalf, for your teams.
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
        revoke it. You&apos;ll be sent back to <code className="break-all">{new URL(check.redirectUri).origin}</code>.
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
