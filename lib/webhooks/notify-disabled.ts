import type { Tx } from "@/lib/db";
import { queueEmail } from "@/lib/outbox";

/** Queues the email telling the endpoint's owner that it was disabled; the send-emails job sends it. */
export async function notifyEndpointDisabled(db: Tx, endpointId: string): Promise<void> {
  const endpoint = await db.webhookEndpoint.findUnique({
    where: { id: endpointId },
    select: { url: true, teamId: true, disabledReason: true, owner: { select: { email: true } } },
  });
  if (!endpoint) return;
  await queueEmail(db, {
    kind: "webhook-disabled",
    to: endpoint.owner.email,
    props: { url: endpoint.url, teamId: endpoint.teamId, reason: endpoint.disabledReason },
  });
}
