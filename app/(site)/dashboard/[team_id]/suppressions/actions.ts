"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { ActionState } from "@/components/teams/action-state";
import { dashboardHref, modeOf } from "@/lib/dashboard";
import {
  addSuppressions,
  MAX_SUPPRESSION_CSV_BYTES,
  parseSuppressionsBody,
  parseSuppressionsCsv,
  removeSuppression,
} from "@/lib/delivery/suppressions";
import type { FieldProblem } from "@/lib/errors";
import { fileTooLarge } from "@/lib/http/body-limits.mjs";
import { formField, onTeamForm, type TeamFormContext } from "@/lib/site/form-action";

/** A CSV's problems, as many as a form can show: the first few, and how many more. */
const SHOWN_PROBLEMS = 5;
function someProblems(problems: FieldProblem[]): string {
  const shown = problems.slice(0, SHOWN_PROBLEMS).map((p) => p.detail);
  const more = problems.length - shown.length;
  return `${shown.join(". ")}${more > 0 ? `. And ${more.toLocaleString("en-US")} more.` : ""}`;
}

/**
 * Runs a change of the suppression list as the signed-in person on the form's team (the domain
 * function checks the role: a viewer's add, a member's remove is refused, whatever the page showed);
 * the list is then redrawn and the answer shown beside the form.
 */
async function changeList(
  form: FormData,
  work: (context: TeamFormContext) => Promise<string>,
  words?: (problems: FieldProblem[]) => string,
): Promise<ActionState> {
  const team = formField(form, "team");
  const result = await onTeamForm(team, modeOf(formField(form, "mode")), work, words);
  if ("error" in result) return result;
  revalidatePath(`/dashboard/${encodeURIComponent(team)}/suppressions`);
  return { ok: result.done };
}

/** "Add": one address, as `POST /suppressions` takes it (reason `manual`). */
export async function addSuppressionAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return changeList(form, async ({ db, actor }) => {
    const [email] = parseSuppressionsBody({ suppressions: [{ email: formField(form, "email").slice(0, 1000) }] });
    const { added } = await addSuppressions(db, actor, [email]);
    return added > 0 ? `${email} is on the list: Ribbon won't email it.` : `${email} was already on the list.`;
  });
}

/** "Import": a CSV file of addresses, read as `POST /suppressions` with `text/csv` reads it. */
export async function importSuppressionsAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const file = form.get("file");
  if (!(file instanceof File) || (file.size === 0 && file.name === ""))
    return { error: "Choose a CSV file to import." };
  const tooLarge = fileTooLarge(file, MAX_SUPPRESSION_CSV_BYTES);
  if (tooLarge) return { error: tooLarge };
  return changeList(
    form,
    async ({ db, actor }) => {
      const emails = parseSuppressionsCsv(new Uint8Array(await file.arrayBuffer()));
      const { added, total } = await addSuppressions(db, actor, emails);
      const n = (count: number) => count.toLocaleString("en-US");
      return `Imported ${n(total)} ${total === 1 ? "address" : "addresses"}: ${n(added)} new, ${n(total - added)} already on the list.`;
    },
    someProblems,
  );
}

/** "Remove": owners only (removeSuppression refuses anyone else's post); then the list says so (its row is gone). */
export async function removeSuppressionAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const result = await changeList(form, async ({ db, actor }) => {
    await removeSuppression(db, actor, formField(form, "email"));
    return "removed";
  });
  if (result?.error) return result;
  const mode = modeOf(formField(form, "mode"));
  const list = dashboardHref(formField(form, "team"), mode, "/suppressions");
  redirect(`${list}${mode === "sandbox" ? "&" : "?"}removed=1`);
}
