"use server";

import { redirect } from "next/navigation";
import type { UploadState } from "@/components/dashboard/UploadForm";
import { confirmUpload, MAX_UPLOAD_BYTES, modeOf, previewUpload } from "@/lib/dashboard";
import { BillingError, HttpError, ValidationError } from "@/lib/errors";
import { fileTooLarge } from "@/lib/http/body-limits.mjs";
import { displayMoney } from "@/lib/money";
import { formatInZone } from "@/lib/format/time-zone";
import { VIEWER_ZONE } from "@/components/dashboard/Instant";
import { teamContext } from "@/lib/site/context";
import { SESSION_ENDED } from "@/lib/site/form-action";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, 200) : "";
};

/**
 * The upload form: "Preview" reads and checks the file and prices it (nothing is written);
 * "Create" sends the same file again with the preview's hash and creates every row as one
 * batch, once per form key, landing on the dashboard filtered by the new batch. The person and
 * their role come from the session (the domain functions check the role). Posted by the page's
 * script, or as a plain form without JavaScript: then `previous` comes from the form itself,
 * and only the preview shown again is taken from it (the hash and total are checked anew).
 */
export async function uploadFormAction(previous: UploadState, form: FormData): Promise<UploadState> {
  // A post without the previous state (forged, not from the page) is answered as a first post.
  const next = (over: Partial<UploadState>): UploadState => ({
    errors: [],
    version: (previous?.version ?? 0) + 1,
    ...over,
  });
  const teamId = text(form, "team");
  const mode = modeOf(text(form, "mode"));
  const file = form.get("file");
  const confirming = text(form, "intent") === "confirm";
  if (!(file instanceof File) || (file.size === 0 && file.name === ""))
    return confirming
      ? // A page without JavaScript can't keep the previewed file (the browser empties the input).
        next({ errors: ["Choose the same file again to create the gifts."], preview: previous?.preview })
      : next({ errors: ["Choose a CSV file to upload."] });
  const tooLarge = fileTooLarge(file, MAX_UPLOAD_BYTES);
  if (tooLarge) return next({ errors: [tooLarge] });

  let created: { batchId: string; size: number };
  try {
    const context = await teamContext(teamId, mode);
    if (!context) return next({ errors: [SESSION_ENDED] });
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!confirming) {
      const preview = await previewUpload(context.db, context.actor, { fileName: file.name, bytes });
      return next({
        preview: {
          ...preview,
          total: displayMoney(preview.totalCents, preview.currency),
          charge: displayMoney(preview.chargeCents, preview.currency),
          arrival:
            preview.dutiesMinor + preview.taxesMinor > 0
              ? `${displayMoney(preview.dutiesMinor, preview.currency)} duty and ${displayMoney(preview.taxesMinor, preview.currency)} tax`
              : null,
          collections: preview.collections.map((c) => ({
            name: c.name,
            gifts: c.gifts,
            total: displayMoney(c.totalCents, preview.currency),
          })),
          sample: preview.sample.map((r) => ({
            ...r,
            sends: r.scheduledAt
              ? formatInZone(new Date(r.scheduledAt), VIEWER_ZONE)
              : r.email
                ? "5 minutes after you create"
                : "Never emailed: a link you share",
          })),
        },
      });
    }
    const result = await confirmUpload(context.db, context.actor, {
      fileName: file.name,
      bytes,
      previewHash: text(form, "preview_hash"),
      previewTotalCents: Number(text(form, "preview_total")),
      formKey: text(form, "form_key"),
    });
    created = result;
  } catch (error) {
    if (error instanceof ValidationError)
      return next({ errors: error.problems.map((p) => p.detail), preview: previous?.preview });
    if (error instanceof BillingError || error instanceof HttpError)
      return next({ errors: [error.message], preview: previous?.preview });
    throw error;
  }
  redirect(
    `/dashboard/${encodeURIComponent(teamId)}?${mode === "sandbox" ? "mode=sandbox&" : ""}batch=${encodeURIComponent(created.batchId)}&created=${created.size}`,
  );
}
