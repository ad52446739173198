import { onTeam } from "@/lib/actor";
import { readJsonObject, readRawBody } from "@/lib/api/body";
import { jsonApi } from "@/lib/api/document";
import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { paginate, readPage } from "@/lib/api/pagination";
import {
  addSuppressions,
  listSuppressions,
  MAX_SUPPRESSION_CSV_BYTES,
  parseSuppressionsBody,
  parseSuppressionsCsv,
  SUPPRESSION_ID,
} from "@/lib/delivery/suppressions";
import { serializeSuppression } from "@/lib/representations/suppression";

type Params = { team_id?: string };

/** A page of the list, newest first (`page[size]`, `page[after]`, `links.next`: as every list). */
export const GET = apiRoute<Params>(async ({ request, db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  const url = new URL(request.url);
  const page = readPage(url, SUPPRESSION_ID);
  const { items, links } = paginate(await listSuppressions(db, actor, page), page, url);
  return jsonApi({ data: items.map(serializeSuppression), links });
});

/** JSON `{"suppressions": [{"email": …}]}`, or a CSV file (`Content-Type: text/csv`) of addresses. */
export const POST = apiRoute<Params>(async ({ request, db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  const url = new URL(request.url);
  const page = readPage(url, SUPPRESSION_ID);
  const csv = /^text\/csv\b/i.test(request.headers.get("content-type") ?? "");
  const emails = csv
    ? parseSuppressionsCsv(await readRawBody(request, MAX_SUPPRESSION_CSV_BYTES))
    : parseSuppressionsBody(await readJsonObject(request));
  const { added, total } = await addSuppressions(db, actor, emails);
  const { items, links } = paginate(await listSuppressions(db, actor, page), page, url);
  return jsonApi({ data: items.map(serializeSuppression), links, meta: { added, given: total } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", "POST");
