import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { giftDocument } from "@/lib/api/serializers/gift";
import { approveGift } from "@/lib/gifts";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string; id: string };

export const POST = apiRoute<Params>(async ({ db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  return jsonApi(giftDocument(await approveGift(db, actor, params.id), actor));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
