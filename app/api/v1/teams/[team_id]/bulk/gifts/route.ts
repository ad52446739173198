import { afterResponse } from "@/lib/http/after-response";
import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { readJsonObject } from "@/lib/api/body";
import { jsonApi } from "@/lib/api/document";
import { idempotentCreate } from "@/lib/api/idempotency";
import { readDryRun } from "@/lib/api/query";
import { priceQuoteDocument } from "@/lib/api/serializers/price-quote";
import { giftListResponse } from "@/lib/api/serializers/gift";
import { createGifts, parseBulkGifts, quoteGifts } from "@/lib/gifts";
import { notifyGiftsScheduled, sendsJobEvents } from "@/lib/jobs";
import { onTeam } from "@/lib/actor";

export const POST = apiRoute<{ team_id?: string }>(
  async ({ request, db, caller, params }) => {
    const actor = await onTeam(db, caller, params.team_id);
    const { team } = actor;
    const body = await readJsonObject(request);
    if (readDryRun(new URL(request.url)))
      return jsonApi(priceQuoteDocument(await quoteGifts(db, { actor, ...(await parseBulkGifts(body, new Date())) })));
    return idempotentCreate({
      db,
      request,
      caller,
      body,
      scope: `${team.id}:bulk`,
      shape: "many",
      reader: actor,
      async create(idempotency) {
        const now = new Date();
        const gifts = await createGifts(db, { actor, ...(await parseBulkGifts(body, now)), now, idempotency });
        if (sendsJobEvents()) await afterResponse(() => notifyGiftsScheduled(gifts));
        return giftListResponse(gifts, actor);
      },
    });
  },
  { params: ["dry_run"] },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
