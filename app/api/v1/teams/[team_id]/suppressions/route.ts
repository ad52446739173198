import { onTeam } from "@/lib/actor";
import { readJsonObject, readRawBody } from "@/lib/api/body";
import { jsonApi } from "@/lib/api/document";
import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import {
  addSuppressions,
  listSuppressions,
  MAX_SUPPRESSION_CSV_BYTES,
  parseSuppressionsBody,
  parseSuppressionsCsv,
} from "@/lib/delivery/suppressions";
import { serializeSuppression } from "@/lib/representations/suppression";

type Params = { team_id?: string };

export const GET = apiRoute<Params>(async ({ db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  return jsonApi({ data: (await listSuppressions(db, actor)).map(serializeSuppression) });
});

/** JSON `{"suppressions": [{"email": …}]}`, or a CSV file (`Content-Type: text/csv`) of addresses. */
export const POST = apiRoute<Params>(async ({ request, db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  const csv = /^text\/csv\b/i.test(request.headers.get("content-type") ?? "");
  const emails = csv
    ? parseSuppressionsCsv(await readRawBody(request, MAX_SUPPRESSION_CSV_BYTES))
    : parseSuppressionsBody(await readJsonObject(request));
  const { added, total } = await addSuppressions(db, actor, emails);
  return jsonApi({
    data: (await listSuppressions(db, actor)).map(serializeSuppression),
    meta: { added, given: total },
  });
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", "POST");
