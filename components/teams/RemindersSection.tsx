"use client";
// A client component for its markup's sake: the HTML carries that markup, the RSC payload only the props.

import { describeReminder } from "@/lib/format/duration";
import type { FormAction } from "./action-state";
import { ActionForm } from "./ActionForm";

/** The reminders most teams pick, as boxes to tick; anything else goes in "Other times". */
const PRESETS = ["P1D", "P3D", "P7D", "P14D", "-P3D", "-P2D", "-P1D"];

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
  const others = cadence.filter((entry) => !PRESETS.includes(entry));
  return (
    <section className="mt-10" aria-labelledby="reminders">
      <h2 id="reminders" className="text-xl font-semibold">
        Reminders
      </h2>
      <p className="mt-1 text-sm text-stone-700" data-testid="reminders-summary">
        {cadence.length > 0
          ? `New email gifts not yet chosen get a reminder ${cadence.map(describeReminder).join(", ")}.`
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
          <fieldset className="basis-full">
            <legend className="text-sm font-medium">Remind recipients who haven&apos;t chosen yet</legend>
            <div className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2">
              {PRESETS.map((entry) => (
                <label key={entry} className="flex items-center gap-2">
                  <input type="checkbox" name="cadence" value={entry} defaultChecked={cadence.includes(entry)} />
                  {describeReminder(entry)}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="block">
            <span className="text-sm font-medium">Other times (optional)</span>
            <input
              name="cadence_other"
              defaultValue={others.join(" ")}
              maxLength={400}
              aria-describedby="cadence-help"
              className="mt-1 block w-72 rounded-lg border border-stone-400 px-3 py-2"
            />
          </label>
          <p id="cadence-help" className="basis-full text-sm text-stone-600">
            ISO 8601 durations apart by spaces, as the API takes them: <code>PT12H</code> is 12 hours after sending,{" "}
            <code>-P2D</code> 2 days before expiry. Nothing ticked and nothing here: no reminders by default.
          </p>
        </ActionForm>
      )}
    </section>
  );
}
