// Same endpoint on the caller's default team (the team id is optional).
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../teams/[team_id]/swap-collections/route";
