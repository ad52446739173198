import { afterResponse } from "@/lib/http/after-response";
import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { readJsonObject } from "@/lib/api/body";
import { readGiftFilter } from "@/lib/api/filters";
import { idempotentCreate } from "@/lib/api/idempotency";
import { paginate, readPage } from "@/lib/api/pagination";
import { readDryRun } from "@/lib/api/query";
import { priceQuoteDocument } from "@/lib/api/serializers/price-quote";
import { giftDocument, giftListDocument } from "@/lib/api/serializers/gift";
import { createGifts, listGifts, parseSingleGift, quoteGifts } from "@/lib/gifts";
import { notifyGiftsScheduled, sendsJobEvents } from "@/lib/jobs";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string };

export const GET = apiRoute<Params>(
  async ({ request, db, caller, params }) => {
    const actor = await onTeam(db, caller, params.team_id);
    const { team } = actor;
    const url = new URL(request.url);
    const page = readPage(url);
    const rows = await listGifts(db, { caller, team, filter: readGiftFilter(url), size: page.size, after: page.after });
    const { items, links } = paginate(rows, page, url);
    return jsonApi(giftListDocument(items, actor, links));
  },
  { filters: ["stage", "email"] },
);

export const POST = apiRoute<Params>(
  async ({ request, db, caller, params }) => {
    const actor = await onTeam(db, caller, params.team_id);
    const { team } = actor;
    const body = await readJsonObject(request);
    if (readDryRun(new URL(request.url)))
      return jsonApi(priceQuoteDocument(await quoteGifts(db, { actor, ...parseSingleGift(body, new Date()) })));
    return idempotentCreate({
      db,
      request,
      caller,
      body,
      scope: `${team.id}:gift`,
      shape: "one",
      reader: actor,
      async create(idempotency) {
        const now = new Date();
        const [gift] = await createGifts(db, { actor, ...parseSingleGift(body, now), now, idempotency });
        if (sendsJobEvents()) await afterResponse(() => notifyGiftsScheduled([gift]));
        return jsonApi(giftDocument(gift, actor));
      },
    });
  },
  { params: ["dry_run"] },
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", "POST");
