"use client";
// A client component for its markup's sake: the HTML carries that markup, the RSC payload only the props.

import type { FormAction } from "./action-state";
import { ActionForm } from "./ActionForm";

type Props = {
  teamId: string;
  owner: boolean;
  /** The team's default cadence: ISO 8601 durations, "-" before expiry. */
  cadence: string[];
  quietHours: string;
  setReminders: FormAction;
};

/** The team's default reminder cadence: what new email gifts get unless their request says otherwise. */
export function RemindersSection({ teamId, owner, cadence, quietHours, setReminders }: Props) {
  return (
    <section className="mt-10" aria-labelledby="reminders">
      <h2 id="reminders" className="text-xl font-semibold">
        Reminders
      </h2>
      <p className="mt-1 text-sm text-stone-700" data-testid="reminders-summary">
        {cadence.length > 0
          ? `New email gifts not yet chosen get a reminder at ${cadence.join(", ")} (after sending; "-" before expiry).`
          : "New gifts get no reminders unless their request asks for some."}{" "}
        Never between {quietHours.replace("-", " and ")} in the recipient&apos;s time zone when the gift gives one.
      </p>
      {owner && (
        <ActionForm
          action={setReminders}
          submitLabel="Save reminders"
          className="mt-4 flex flex-wrap items-end gap-3"
          testId="reminders-form"
        >
          <input type="hidden" name="team" value={teamId} />
          <label className="block">
            <span className="text-sm font-medium">Default cadence</span>
            <input
              name="cadence"
              defaultValue={cadence.join(" ")}
              placeholder="No reminders"
              maxLength={400}
              aria-describedby="cadence-help"
              className="mt-1 block w-72 rounded-lg border border-stone-400 px-3 py-2"
            />
          </label>
          <p id="cadence-help" className="basis-full text-sm text-stone-600">
            Durations apart by spaces: <code>P3D P7D -P2D</code> is 3 and 7 days after sending and 2 days before expiry.
            Empty: no reminders by default.
          </p>
        </ActionForm>
      )}
    </section>
  );
}
