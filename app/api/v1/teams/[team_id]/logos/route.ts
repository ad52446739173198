import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { serializeLogo } from "@/lib/representations/catalogue";
import { listLogos } from "@/lib/catalogue";
import { onTeam } from "@/lib/actor";

export const GET = apiRoute<{ team_id?: string }>(async ({ db, caller, params }) => {
  const { team } = await onTeam(db, caller, params.team_id);
  return jsonApi({ data: (await listLogos(db, team.id)).map(serializeLogo) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
