import { afterResponse } from "@/lib/http/after-response";
import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { readJsonObject } from "@/lib/api/body";
import { idempotentCreate } from "@/lib/api/idempotency";
import { giftDocument } from "@/lib/api/serializers/gift";
import { sendQueuedEmailNow } from "@/lib/outbox";
import { cancelGift, getGift, readGiftChanges, updateGift } from "@/lib/gifts";
import { notifyGiftCancelled, sendsJobEvents } from "@/lib/jobs";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string; id: string };

export const GET = apiRoute<Params>(async ({ db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  return jsonApi(giftDocument(await getGift(db, caller, actor.team, params.id), actor));
});

export const PATCH = apiRoute<Params>(async ({ request, db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  const body = await readJsonObject(request);
  const changes = readGiftChanges(body);
  return idempotentCreate({
    db,
    request,
    caller,
    body,
    scope: `${actor.team.id}:gift-update:${params.id}`,
    shape: "one",
    reader: actor,
    async create(idempotency) {
      const { gift, emailId } = await updateGift(db, actor, params.id, { changes, idempotency });
      if (emailId !== null) await afterResponse(async () => void (await sendQueuedEmailNow(db, emailId)));
      return jsonApi(giftDocument(gift, actor));
    },
  });
});

export const DELETE = apiRoute<Params>(async ({ db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  const gift = await cancelGift(db, actor, params.id);
  if (sendsJobEvents()) await afterResponse(() => notifyGiftCancelled(gift.id));
  return jsonApi(giftDocument(gift, actor));
});

export const { POST, PUT, OPTIONS } = methodsNotAllowed("GET", "PATCH", "DELETE");
