import { onTeam } from "@/lib/actor";
import { readJsonObject } from "@/lib/api/body";
import { jsonApi } from "@/lib/api/document";
import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { privacySettingsDocument } from "@/lib/api/serializers/privacy";
import { readPrivacySettings, updatePrivacySettings } from "@/lib/privacy";

type Params = { team_id?: string };

export const GET = apiRoute<Params>(async ({ db, caller, params }) => {
  const { team } = await onTeam(db, caller, params.team_id);
  return jsonApi(privacySettingsDocument(await readPrivacySettings(db, team.id)));
});

export const PATCH = apiRoute<Params>(async ({ request, db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  return jsonApi(privacySettingsDocument(await updatePrivacySettings(db, actor, await readJsonObject(request))));
});

export const { POST, PUT, DELETE, OPTIONS } = methodsNotAllowed("GET", "PATCH");
