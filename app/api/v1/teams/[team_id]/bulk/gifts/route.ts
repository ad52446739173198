import { afterResponse } from "@/lib/http/after-response";
import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { readJsonObject } from "@/lib/api/body";
import { idempotentCreate } from "@/lib/api/idempotency";
import { giftListResponse } from "@/lib/api/serializers/gift";
import { createGifts, parseBulkGifts } from "@/lib/gifts";
import { notifyGiftsScheduled, sendsJobEvents } from "@/lib/jobs";
import { resolveTeam } from "@/lib/teams";

export const POST = apiRoute<{ team_id?: string }>(async ({ request, db, caller, params }) => {
  const team = await resolveTeam(db, caller, params.team_id);
  const body = await readJsonObject(request);
  return idempotentCreate({
    db,
    request,
    caller,
    body,
    scope: `${team.id}:bulk`,
    shape: "many",
    async create(idempotency) {
      const now = new Date();
      const gifts = await createGifts(db, { caller, team, ...parseBulkGifts(body, now), now, idempotency });
      if (sendsJobEvents()) await afterResponse(() => notifyGiftsScheduled(gifts));
      return giftListResponse(gifts);
    },
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
