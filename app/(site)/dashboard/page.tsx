import Link from "next/link";
import { redirect } from "next/navigation";
import { siteContext } from "@/lib/site/context";
import { listMyTeams } from "@/lib/teams";

export const metadata = { title: "Dashboard" };

/** /dashboard: straight to the person's only team; a choice when they have several; what to do first when none. */
export default async function DashboardHome() {
  const { db, actor } = await siteContext();
  if (!actor) redirect("/signin?callbackUrl=/dashboard");
  const teams = await listMyTeams(db, actor.user.id);
  if (teams.length === 1) redirect(`/dashboard/${encodeURIComponent(teams[0].id)}`);
  return (
    <main className="page-width page-narrow py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Dashboard</h1>
      {teams.length === 0 ? (
        <div className="mt-6 rounded-xl border border-stone-200 bg-white p-6">
          <h2 className="text-xl font-semibold">Create a team to send your first gift</h2>
          <p className="mt-2 text-stone-700">
            Gifts are sent for a team and charged to its card. Create one on your account page, or ask a colleague to
            invite you to theirs.
          </p>
          <Link href="/account" className="button-primary mt-4">
            Create a team
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-stone-700">You belong to {teams.length} teams. Which one?</p>
          <ul className="mt-6 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
            {teams.map((team) => (
              <li key={team.id}>
                <Link
                  href={`/dashboard/${encodeURIComponent(team.id)}`}
                  className="flex justify-between px-4 py-3 hover:bg-stone-50"
                >
                  <span className="font-medium">{team.name}</span>
                  <span className="text-sm text-stone-600">{team.role}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}
