import { describe, expect, it } from "vitest";
import { onTeam } from "@/lib/actor";
import { createAccount } from "@/lib/testing/fixtures";
import { processDatabaseForFile } from "@/lib/testing/teams";
import { MAX_SAVED_VIEWS, saveView } from "./index";

const t = processDatabaseForFile();

describe("the saved-view bound under concurrent saves", () => {
  it("ten saves racing for a team's last place: one is saved, nine are refused, the team keeps 50", async () => {
    const owner = await createAccount(t.db);
    const actor = await onTeam(
      t.db,
      { user: owner.user, mode: "live", via: "session", credentialId: null },
      owner.team.id,
    );
    for (let i = 0; i < MAX_SAVED_VIEWS - 1; i++) await saveView(t.db, actor, { name: `view ${i}`, params: {} });
    const raced = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => i).map((i) => saveView(t.db, actor, { name: `last ${i}`, params: {} })),
    );
    expect(raced.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of raced.filter((r) => r.status === "rejected"))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    expect(await t.db.savedView.count({ where: { teamId: owner.team.id } })).toBe(MAX_SAVED_VIEWS);
  });
});
