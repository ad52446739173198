import { publicContext } from "@/lib/site/context";
import { canViewOutbox, listOutbox } from "@/lib/outbox";

/** The local email outbox as JSON, newest first (for scripts and browser tests). Loopback only; see canViewOutbox. */
export async function GET(request: Request) {
  if (!canViewOutbox(request.headers)) {
    return Response.json({ errors: [{ status: "404", title: "NotFound", detail: "Not found." }] }, { status: 404 });
  }
  const limit = Number(new URL(request.url).searchParams.get("limit")) || 50;
  const messages = await listOutbox((await publicContext()).db, { limit });
  return Response.json(
    {
      data: messages.map((m) => ({
        id: m.id,
        kind: m.kind,
        to: m.to,
        cc: m.cc,
        subject: m.subject,
        html: m.html,
        text: m.text,
        status: m.status,
        transport: m.transport,
        gift_id: m.giftId,
        created_at: m.createdAt.toISOString(),
        delivery_status: m.deliveryStatus ?? null,
        delivery_detail: m.deliveryDetail ?? null,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
