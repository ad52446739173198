import { afterResponse } from "@/lib/http/after-response";
import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { giftDocument } from "@/lib/api/serializers/gift";
import { cancelGift, getGift } from "@/lib/gifts";
import { notifyGiftCancelled, sendsJobEvents } from "@/lib/jobs";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string; id: string };

export const GET = apiRoute<Params>(async ({ db, caller, params }) => {
  const { team } = await onTeam(db, caller, params.team_id);
  return jsonApi(giftDocument(await getGift(db, caller, team, params.id)));
});

export const DELETE = apiRoute<Params>(async ({ db, caller, params }) => {
  const gift = await cancelGift(db, await onTeam(db, caller, params.team_id), params.id);
  if (sendsJobEvents()) await afterResponse(() => notifyGiftCancelled(gift.id));
  return jsonApi(giftDocument(gift));
});

export const { POST, PUT, PATCH, OPTIONS } = methodsNotAllowed("GET", "DELETE");
