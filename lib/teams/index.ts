export { SANDBOX_TEAM_ID } from "./constants";
export { addMember, createTeam } from "./create-team";
export { listTeams, resolveTeam, type TeamRef } from "./resolve-team";
