import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { serializeDesign } from "@/lib/representations/catalogue";
import { listDesigns } from "@/lib/catalogue";
import { onTeam } from "@/lib/actor";

export const GET = apiRoute<{ team_id?: string }>(async ({ db, caller, params }) => {
  const { team } = await onTeam(db, caller, params.team_id);
  return jsonApi({ data: (await listDesigns(db, team.id)).map(serializeDesign) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
