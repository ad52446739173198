import Link from "next/link";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { signOut } from "@/lib/auth";
import { HttpError } from "@/lib/errors";
import { countFailedGuess } from "@/lib/ratelimit";
import { siteContext } from "@/lib/site/context";
import { acceptInvitation, viewInvitation, type InvitationView, type TeamRole } from "@/lib/teams";
import { formatDay } from "@/lib/format/time-zone";

export const metadata = { title: "Team invitation" };

type Props = { params: Promise<{ token: string }> };

const DEAD: Record<string, { heading: string; detail: string }> = {
  invalid: {
    heading: "This invitation link doesn't work",
    detail: "It isn't a valid invitation link: check that it was copied whole.",
  },
  expired: {
    heading: "This invitation has expired",
    detail: "Invitations work for 7 days. Ask the team's owner to invite you again.",
  },
  used: { heading: "This invitation was already used", detail: "Each invitation link works once." },
  withdrawn: {
    heading: "This invitation was withdrawn",
    detail: "The team's owners withdrew it, or sent a newer one: look for a later email.",
  },
};

const ROLE_MEANS: Record<TeamRole, string> = {
  owner: "As an owner you can send gifts and manage the team's members, card and webhooks.",
  member: "As a member you can send gifts with your own tokens and see the team's gifts.",
  viewer: "As a viewer you can see the team's gifts and spend; you can't send or cancel gifts.",
};

function Page({ children }: { children: ReactNode }) {
  return <main className="mx-auto max-w-md px-6 py-20">{children}</main>;
}

/**
 * GET /invitations/<token>: shows the invitation and an Accept button. Opening the page never
 * accepts (mail scanners open links); accepting is the button's POST (a server action).
 */
export default async function InvitationPage({ params }: Props) {
  const { token } = await params;
  const here = `/invitations/${encodeURIComponent(token)}`;
  const { db, actor } = await siteContext();
  if (!actor) redirect(`/signin?callbackUrl=${encodeURIComponent(here)}`);
  const person = actor.user;

  const view: InvitationView = await viewInvitation(db, { token, userId: person.id });
  // Guessing invitation links counts against the address, like guessing untie links; a right link always opens.
  if (view.status === "invalid" && (await countFailedGuess({ headers: await headers() }))) {
    return (
      <Page>
        <h1 className="text-3xl font-semibold tracking-tight">Too many attempts</h1>
        <p className="mt-4 text-stone-700">
          Too many invalid links were opened from your address. Try again in a few minutes.
        </p>
      </Page>
    );
  }

  if (view.status === "invalid" || view.status === "expired" || view.status === "used" || view.status === "withdrawn") {
    const dead = DEAD[view.status];
    return (
      <Page>
        <h1 className="text-3xl font-semibold tracking-tight">{dead.heading}</h1>
        <p role="alert" className="mt-4 rounded bg-red-50 px-3 py-2 text-red-800" data-testid="invitation-problem">
          {dead.detail}
        </p>
        <p className="mt-6">
          <Link href="/account" className="text-red-800 underline">
            Your account
          </Link>
        </p>
      </Page>
    );
  }

  if (view.status === "already_member") redirect(`/teams/${encodeURIComponent(view.teamId)}`);

  if (view.status === "wrong_email") {
    const switchAccount = async () => {
      "use server";
      await signOut({ redirectTo: `/signin?callbackUrl=${encodeURIComponent(here)}` });
    };
    return (
      <Page>
        <h1 className="text-3xl font-semibold tracking-tight">This invitation is for someone else</h1>
        <p role="alert" className="mt-4 rounded bg-amber-50 px-3 py-2 text-amber-900" data-testid="invitation-problem">
          This invitation to join {view.teamName} is for <strong>{view.email}</strong>, and you are signed in as{" "}
          <strong>{person.email}</strong>. Sign in as {view.email} to accept it.
        </p>
        <form action={switchAccount} className="mt-6">
          <button type="submit" className="rounded-full border border-stone-400 px-4 py-2">
            Sign out and sign in as {view.email}
          </button>
        </form>
      </Page>
    );
  }

  // The user comes from the session at the time of the click; the token from this page (encrypted by Next in the action).
  const accept = async () => {
    "use server";
    const now = await siteContext();
    if (!now.actor) redirect(`/signin?callbackUrl=${encodeURIComponent(here)}`);
    let teamId: string;
    try {
      teamId = (await acceptInvitation(now.db, { token, userId: now.actor.user.id })).teamId;
    } catch (error) {
      // The page says why (used, withdrawn, expired, another address) when it is shown again.
      if (error instanceof HttpError) redirect(here);
      throw error;
    }
    redirect(`/teams/${encodeURIComponent(teamId)}?joined=1`);
  };

  return (
    <Page>
      <h1 className="text-3xl font-semibold tracking-tight">
        Join {view.teamName} as {view.role === "owner" ? "an owner" : `a ${view.role}`}
      </h1>
      <p className="mt-4 text-stone-700">
        {view.invitedBy} invited you ({view.email}) to the team <strong>{view.teamName}</strong> (id{" "}
        <code>{view.teamId}</code>). {ROLE_MEANS[view.role]}
      </p>
      <p className="mt-2 text-sm text-stone-700">The invitation works until {formatDay(view.expiresAt)}.</p>
      <form action={accept} className="mt-8">
        <button type="submit" className="rounded-full bg-[var(--ribbon)] px-6 py-2 font-semibold text-white">
          Accept and join {view.teamName}
        </button>
      </form>
    </Page>
  );
}
