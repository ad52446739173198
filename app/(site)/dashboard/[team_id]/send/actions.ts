"use server";

import { redirect } from "next/navigation";
import {
  fieldErrors,
  modeOf,
  PAST_SEND_TIME,
  previewGift,
  SEND_FIELDS,
  sendGiftOnce,
  type SendFields,
} from "@/lib/dashboard";
import { BillingError, HttpError, ValidationError } from "@/lib/errors";
import { teamContext } from "@/lib/site/context";
import type { SendState } from "@/components/dashboard/send-state";
import { SESSION_ENDED } from "@/lib/site/form-action";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const fingerprint = (values: SendFields) => JSON.stringify(SEND_FIELDS.map((name) => values[name] ?? ""));

/**
 * The send form: "Preview" prices the gift and renders its email (the API's dry run: nothing is
 * written); "Send" creates it once per form key, and only as previewed. Every refusal comes back
 * beside its field. The person and their role come from the session (createGifts checks it).
 */
export async function sendFormAction(previous: SendState, form: FormData): Promise<SendState> {
  const values: SendFields = Object.fromEntries(SEND_FIELDS.map((name) => [name, text(form, name).slice(0, 20_000)]));
  const next = (over: Partial<SendState>): SendState => ({
    step: "edit",
    values,
    errors: {},
    version: (previous?.version ?? 0) + 1, // a post without the previous state (forged) is a first post
    ...over,
  });
  const teamId = text(form, "team");
  const mode = modeOf(text(form, "mode"));
  let intent = text(form, "intent");
  if (intent === "edit") return next({});
  if (intent === "send_now") {
    // "Send now instead" beside a send time that has passed: no time (5 minutes after the send), previewed again.
    values.scheduled_at = "";
    intent = "preview";
  }

  let sent: string;
  try {
    const context = await teamContext(teamId, mode);
    if (!context) return next({ errors: { form: SESSION_ENDED } });
    if (intent !== "send" || text(form, "previewed") !== fingerprint(values)) {
      const { quote, price, email, sendsAt } = await previewGift(context.db, context.actor, values);
      return next({
        step: "confirm",
        previewed: fingerprint(values),
        quote: {
          perGift: price.perGift,
          total: price.total,
          charge: price.charge,
          livemode: quote.livemode,
          collection: quote.collection.name,
          ...(price.arrival && { arrival: price.arrival }),
          ...(quote.held && { id: quote.held.id }),
          ...(values.delivery_method === "link" ? {} : { sendsAt }),
        },
        preview: { subject: email.subject, html: email.html },
      });
    }
    const held = text(form, "quote").slice(0, 100) || undefined;
    sent = (
      await sendGiftOnce(context.db, context.actor, { fields: values, formKey: text(form, "form_key"), quote: held })
    ).giftId;
  } catch (error) {
    if (error instanceof ValidationError) {
      const errors = fieldErrors(error.problems);
      return next({ errors, pastSendTime: errors.scheduled_at?.startsWith(PAST_SEND_TIME) ?? false });
    }
    if (error instanceof BillingError)
      return next({ errors: { form: error.message }, noCard: error.code === "no_card_on_file" });
    if (error instanceof HttpError) return next({ errors: { form: error.message } });
    throw error;
  }
  redirect(
    `/dashboard/${encodeURIComponent(teamId)}/gifts/${encodeURIComponent(sent)}?${mode === "sandbox" ? "mode=sandbox&" : ""}sent=1`,
  );
}
