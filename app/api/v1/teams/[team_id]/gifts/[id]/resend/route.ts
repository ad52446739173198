import { afterResponse } from "@/lib/http/after-response";
import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { idempotentCreate } from "@/lib/api/idempotency";
import { giftDocument } from "@/lib/api/serializers/gift";
import { sendQueuedEmailNow } from "@/lib/outbox";
import { resendGift } from "@/lib/gifts";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string; id: string };

export const POST = apiRoute<Params>(async ({ request, db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  return idempotentCreate({
    db,
    request,
    caller,
    body: {},
    scope: `${actor.team.id}:gift-resend:${params.id}`,
    shape: "one",
    reader: actor,
    async create(idempotency) {
      const { gift, emailId } = await resendGift(db, actor, params.id, { idempotency });
      await afterResponse(async () => void (await sendQueuedEmailNow(db, emailId)));
      return jsonApi(giftDocument(gift, actor));
    },
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
