import type { PrismaClient } from "@/lib/db";
import { sendEmail } from "@/lib/delivery";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Emails the endpoint's owner that it was disabled. Logged, not thrown: the endpoint stays disabled either way. */
export async function notifyEndpointDisabled(db: PrismaClient, endpointId: string): Promise<void> {
  const endpoint = await db.webhookEndpoint.findUnique({
    where: { id: endpointId },
    select: { url: true, teamId: true, disabledReason: true, owner: { select: { email: true } } },
  });
  if (!endpoint) return;
  const text = [
    `Ribbon disabled your webhook endpoint ${endpoint.url} (team ${endpoint.teamId}): every delivery to it failed for 5 days.`,
    endpoint.disabledReason ?? "",
    "Fix the receiver, then re-enable the endpoint (PATCH /webhook-endpoints/:id with enabled: true) and replay what it missed (POST /webhook-endpoints/:id/replay).",
  ].join("\n\n");
  try {
    await sendEmail(
      db,
      {
        kind: "webhook-disabled",
        to: endpoint.owner.email,
        subject: "Your Ribbon webhook endpoint was disabled",
        text,
        html: text
          .split("\n\n")
          .map((p) => `<p>${escape(p)}</p>`)
          .join(""),
      },
      { idempotencyKey: `webhook-disabled-${endpointId}-${Date.now()}` },
    );
  } catch (error) {
    console.error(
      `Ribbon: could not email the owner of disabled webhook endpoint ${endpointId}:`,
      error instanceof Error ? error.message : error,
    );
  }
}
