import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { readOptionalJsonObject } from "@/lib/api/body";
import { giftDocument } from "@/lib/api/serializers/gift";
import { parseRejection, rejectGift } from "@/lib/gifts";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string; id: string };

export const POST = apiRoute<Params>(async ({ request, db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  const reason = parseRejection(await readOptionalJsonObject(request));
  return jsonApi(giftDocument(await rejectGift(db, actor, params.id, reason), actor));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
