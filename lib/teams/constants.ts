export const SANDBOX_TEAM_ID = "sandbox";
