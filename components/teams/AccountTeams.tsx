import Link from "next/link";
import type { FormAction } from "./action-state";
import { CreateTeamForm } from "./CreateTeamForm";

type Props = { teams: { id: string; name: string; role: string }[]; create: FormAction };

/** The account page's "Teams": the user's teams (each linking to its page) with their role, and "Create a team". */
export function AccountTeams({ teams, create }: Props) {
  return (
    <section className="mt-10" aria-labelledby="teams">
      <h2 id="teams" className="text-xl font-semibold">
        Teams
      </h2>
      {teams.length === 0 ? (
        <p className="mt-2 text-stone-700">
          You don&apos;t belong to a team yet. Your sandbox token works without one; create a team to send live gifts.
        </p>
      ) : (
        <ul className="mt-2 space-y-1" data-testid="my-teams">
          {teams.map((team) => (
            <li key={team.id}>
              <Link href={`/teams/${encodeURIComponent(team.id)}`} className="font-medium text-red-800 underline">
                {team.name}
              </Link>{" "}
              <code className="text-stone-700">{team.id}</code>{" "}
              <span className="text-sm text-stone-700">({team.role})</span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-6 text-lg font-semibold">Create a team</h3>
      <CreateTeamForm create={create} />
    </section>
  );
}
