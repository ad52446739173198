import type { TeamRef } from "@/lib/teams";
import type { ResourceObject } from "../document";

export function serializeTeam(team: TeamRef): ResourceObject {
  return { type: "teams", id: team.id, attributes: { name: team.name } };
}
