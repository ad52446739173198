"use client";

import { useActionState, useId, useState } from "react";
import { MAX_TEAM_NAME_LENGTH, slugify } from "@/lib/teams/slug";
import type { FormAction } from "./action-state";

/** "Create a team": the slug (the team's id in the API) is shown as the name is typed. */
export function CreateTeamForm({ create }: { create: FormAction }) {
  const [state, formAction, pending] = useActionState(create, null);
  const [name, setName] = useState("");
  const slugId = useId();
  return (
    <form action={formAction} className="mt-4 space-y-2" data-testid="create-team">
      <label className="block">
        <span className="text-sm font-medium">Team name</span>
        <input
          name="name"
          required
          maxLength={MAX_TEAM_NAME_LENGTH}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-describedby={slugId}
          className="mt-1 block w-full rounded-lg border border-stone-400 px-3 py-2"
        />
      </label>
      <p id={slugId} className="text-sm text-stone-700" aria-live="polite">
        {name.trim() ? (
          <>
            Team id in the API: <code data-testid="slug-preview">{slugify(name)}</code> (a number is added if it is
            taken)
          </>
        ) : (
          "The team id in API paths is made from the name."
        )}
      </p>
      <button
        type="submit"
        disabled={pending}
        className="rounded-full bg-[var(--ribbon)] px-4 py-2 font-semibold text-white disabled:opacity-60"
      >
        Create a team
      </button>
      {state?.error && (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.error}
        </p>
      )}
    </form>
  );
}
