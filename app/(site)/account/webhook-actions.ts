"use server";

import { revalidatePath } from "next/cache";
import { siteContext } from "@/lib/site/context";
import { sendTestEvent } from "@/lib/webhooks";
import { SESSION_ENDED } from "@/lib/site/form-action";
import type { TestEventState } from "@/components/WebhookTestButton";

/** Sends a signed `webhook.test` message to one of the signed-in user's endpoints and says how it went. */
export async function sendTestWebhook(_previous: TestEventState, formData: FormData): Promise<TestEventState> {
  const { db, actor } = await siteContext();
  if (!actor) return { ok: false, message: SESSION_ENDED };
  const endpointId = String(formData.get("endpoint") ?? "");
  const outcome = await sendTestEvent(db, actor.user.id, endpointId);
  revalidatePath("/account");
  if (!outcome) return { ok: false, message: "No such endpoint." };
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const answer = outcome.status !== null ? `HTTP ${outcome.status}` : outcome.error;
  return { ok, message: `${ok ? "Delivered" : "Not delivered"}: ${answer} in ${outcome.durationMs} ms` };
}
