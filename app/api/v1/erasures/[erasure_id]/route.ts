// Same endpoint on the caller's default team (spec §4: :team_id is optional).
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../teams/[team_id]/erasures/[erasure_id]/route";
