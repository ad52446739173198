"use server";

import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { simulateProviderEvent, SIMULATABLE_EVENTS } from "@/lib/delivery/provider-events";
import { canViewOutbox } from "@/lib/outbox";
import { publicContext } from "@/lib/site/context";

/**
 * The local outbox's "simulate" buttons: what the provider would report about one email
 * (delivered, a bounce, a complaint), through the provider events' own path. Only where the
 * outbox may be seen (this machine, no provider configured); anything else changes nothing.
 */
export async function simulateEmailEvent(form: FormData): Promise<void> {
  if (!canViewOutbox(await headers())) return;
  const id = Number(form.get("id"));
  const event = String(form.get("event") ?? "");
  if (!Number.isSafeInteger(id) || id <= 0 || !SIMULATABLE_EVENTS.includes(event)) return;
  await simulateProviderEvent((await publicContext()).db, id, event);
  revalidatePath("/dev/outbox");
}
