export const SANDBOX_TEAM_ID = "sandbox";

/** The shared sandbox team, seeded at start-up and never renamed: sandbox requests need no look-up. */
export const SANDBOX_TEAM = { id: SANDBOX_TEAM_ID, name: "Sandbox" } as const;
