import { onTeam } from "@/lib/actor";
import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { removeSuppression } from "@/lib/delivery/suppressions";
import { serializeSuppression } from "@/lib/representations/suppression";

type Params = { team_id?: string; email: string };

// Next hands the segment over decoded, a client may encode "@" twice: decode what is still encoded.
const decoded = (segment: string) => {
  try {
    return segment.includes("%") ? decodeURIComponent(segment) : segment;
  } catch {
    return segment;
  }
};

/** Owners take an address off the team's suppression list. */
export const DELETE = apiRoute<Params>(async ({ db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  return jsonApi({ data: serializeSuppression(await removeSuppression(db, actor, decoded(params.email))) });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = methodsNotAllowed("DELETE");
