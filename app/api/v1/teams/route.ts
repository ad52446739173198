import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { serializeTeam } from "@/lib/api/serializers/team";
import { listTeams } from "@/lib/teams";

export const GET = apiRoute(async ({ db, caller }) =>
  jsonApi({ data: (await listTeams(db, caller)).map(serializeTeam) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
