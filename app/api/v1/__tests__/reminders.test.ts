import { describe, expect, it } from "vitest";
import * as R from "@/lib/api/openapi/resources";
import { addMember } from "@/lib/teams";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { createPerson } from "@/lib/testing/teams";
import { bulkBody, expectError, expectValidation, giftBody, openDatabaseForFile } from "./helpers";

// Issue 23 "Reminders": `reminders` and `time_zone` on a gift, the team's default cadence.
const t = openDatabaseForFile();

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

describe("a gift's reminders and time zone", () => {
  it("default to the team's cadence, are stored as given, and [] turns them off", async () => {
    const { tokens } = await createAccount(t.db);
    const api = apiAs(tokens.sandbox);
    const byDefault = await api.post("/gifts", giftBody());
    expect(byDefault.status, JSON.stringify(byDefault.body)).toBe(200);
    expect(R.GiftDocument.safeParse(byDefault.body).error?.issues).toBeUndefined();
    expect(byDefault.body.data.attributes).toMatchObject({
      reminders: ["P3D", "P7D", "-P2D"],
      "time-zone": null,
      "reminders-sent": 0,
      "next-reminder-at": null,
    });
    const own = await api.post(
      "/gifts",
      giftBody({ reminders: ["p1d", "PT12H", "-P1D"], expires_on: inAWeek(), time_zone: "america/new_york" }),
    );
    expect(own.body.data.attributes).toMatchObject({
      reminders: ["P1D", "PT12H", "-P1D"],
      "time-zone": "America/New_York",
    });
    // An older name of a zone (what browsers and ICU still say) is stored under today's name.
    const renamed = await api.post("/gifts", giftBody({ time_zone: "Asia/Calcutta" }));
    expect(renamed.body.data.attributes["time-zone"]).toBe("Asia/Kolkata");
    const none = await api.post("/gifts", giftBody({ reminders: [] }));
    expect(none.body.data.attributes.reminders).toEqual([]);
    const row = await t.db.gift.findUniqueOrThrow({ where: { id: none.body.data.id } });
    expect(row.nextReminderAt).toBeNull();
    const listed = await api.get(`/gifts/${own.body.data.id}`);
    expect(listed.body.data.attributes.reminders).toEqual(["P1D", "PT12H", "-P1D"]);
    // A link gift has no email to remind: it gets none, whatever the team's default.
    const link = await api.post("/gifts", giftBody({ delivery_method: "link", email: undefined }));
    expect(link.body.data.attributes.reminders).toEqual([]);
  });

  it("bulk: a shared cadence, overridden per recipient, not applied to link recipients", async () => {
    const { tokens } = await createAccount(t.db);
    const res = await apiAs(tokens.sandbox).post(
      "/bulk/gifts",
      bulkBody(3, { reminders: ["P2D"] }, (i) =>
        i === 1
          ? { reminders: [], time_zone: "Asia/Tokyo" }
          : i === 2
            ? { delivery_method: "link", email: undefined }
            : {},
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const gifts = await t.db.gift.findMany({ orderBy: { recipientName: "asc" }, where: { batchId: { not: null } } });
    const mine = gifts.filter((g) => res.body.data.some((d: { id: string }) => d.id === g.id));
    expect(mine.map((g) => [g.reminders, g.timeZone])).toEqual([
      [["P2D"], null],
      [[], "Asia/Tokyo"],
      [[], null],
    ]);
  });

  it("refuses hostile and inconsistent values with a pointer and a code (nothing created)", async () => {
    const { tokens } = await createAccount(t.db);
    const api = apiAs(tokens.sandbox);
    const before = await t.db.gift.count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ reminders: "P3D" }, "/gift/reminders", "not_an_array"],
      [{ reminders: Array.from({ length: 17 }, (_, i) => `P${i + 1}D`) }, "/gift/reminders", "too_many_reminders"],
      [{ reminders: Array.from({ length: 100_000 }, () => "P1D") }, "/gift/reminders", "too_many_reminders"],
      [{ reminders: ["P1D", "P1Y"] }, "/gift/reminders/1", "invalid_duration"],
      [{ reminders: ["P1M"] }, "/gift/reminders/0", "invalid_duration"],
      [{ reminders: ["P"] }, "/gift/reminders/0", "invalid_duration"],
      [{ reminders: ["PT"] }, "/gift/reminders/0", "invalid_duration"],
      [{ reminders: ["P0D"] }, "/gift/reminders/0", "invalid_duration"],
      [{ reminders: ["P1.5D"] }, "/gift/reminders/0", "invalid_duration"],
      [{ reminders: [3] }, "/gift/reminders/0", "invalid_duration"],
      [{ reminders: [null] }, "/gift/reminders/0", "invalid_duration"],
      [{ reminders: [{ after: "P3D" }] }, "/gift/reminders/0", "invalid_duration"],
      [{ reminders: ["P".padEnd(10_000, "1") + "D"] }, "/gift/reminders/0", "invalid_duration"],
      [{ reminders: ["PT30M"] }, "/gift/reminders/0", "out_of_range"],
      [{ reminders: ["P366D"] }, "/gift/reminders/0", "out_of_range"],
      [{ reminders: ["P9999W"] }, "/gift/reminders/0", "out_of_range"],
      [{ reminders: ["P1D", "PT24H"] }, "/gift/reminders/1", "duplicate_reminder"],
      [{ reminders: ["P3D", "-P2D"] }, "/gift/reminders/1", "reminder_needs_expiry"],
      [{ delivery_method: "link", email: undefined, reminders: ["P3D"] }, "/gift/reminders", "reminders_need_email"],
      [{ time_zone: "Mars/Olympus_Mons" }, "/gift/time_zone", "invalid_time_zone"],
      [{ time_zone: "+01:00" }, "/gift/time_zone", "invalid_time_zone"],
      [{ time_zone: "../../etc/passwd" }, "/gift/time_zone", "invalid_time_zone"],
      [{ time_zone: "E".repeat(10_000) }, "/gift/time_zone", "too_long"],
      [{ time_zone: 42 }, "/gift/time_zone", "not_a_string"],
    ];
    for (const [over, pointer, code] of cases) {
      const problems = expectValidation(await api.post("/gifts", giftBody(over)));
      expect(problems, JSON.stringify(over).slice(0, 200)).toContainEqual(expect.objectContaining({ pointer, code }));
    }
    expect(await t.db.gift.count()).toBe(before);
  });
});

describe("the team's default cadence (GET/PATCH /reminders)", () => {
  it("owners set it; new gifts get it, earlier gifts keep theirs; everyone on the team reads it", async () => {
    const owner = await createAccount(t.db);
    const viewer = await createPerson(t.db);
    await addMember(t.db, owner.team.id, viewer.user.id, "viewer");
    const api = apiAs(owner.tokens.live);
    const earlier = await api.post("/gifts", giftBody());
    const set = await api.patch(`/teams/${owner.team.id}/reminders`, { reminders: { cadence: ["P1D", "-P1D"] } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toEqual({
      type: "reminder-settings",
      id: owner.team.id,
      attributes: { cadence: ["P1D", "-P1D"], "quiet-hours": "21:00-08:00" },
    });
    expect(R.ReminderSettingsDocument.safeParse(set.body).error?.issues).toBeUndefined();
    const read = await apiAs(viewer.tokens.live).get(`/teams/${owner.team.id}/reminders`);
    expect(read.body.data.attributes.cadence).toEqual(["P1D", "-P1D"]);
    const later = await api.post("/gifts", giftBody());
    expect(later.body.data.attributes.reminders).toEqual(["P1D", "-P1D"]);
    expect((await api.get(`/gifts/${earlier.body.data.id}`)).body.data.attributes.reminders).toEqual([
      "P3D",
      "P7D",
      "-P2D",
    ]);
    await api.patch("/reminders", { reminders: { cadence: [] } });
    expect((await api.post("/gifts", giftBody())).body.data.attributes.reminders).toEqual([]);
  });

  it("is refused to members and viewers, in the sandbox, and for bad values", async () => {
    const owner = await createAccount(t.db);
    const member = await createPerson(t.db);
    await addMember(t.db, owner.team.id, member.user.id, "member");
    const body = { reminders: { cadence: ["P2D"] } };
    const refused = await apiAs(member.tokens.live).patch(`/teams/${owner.team.id}/reminders`, body);
    expect(expectError(refused, 403, "Forbidden").code).toBe("owner_required");
    expectError(await apiAs(owner.tokens.sandbox).patch("/reminders", body), 403, "Forbidden");
    const api = apiAs(owner.tokens.live);
    expect(
      expectValidation(await api.patch("/reminders", { reminders: { cadence: ["P2D", "nope"], extra: 1 } })),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: "/reminders/cadence/1", code: "invalid_duration" }),
        expect.objectContaining({ pointer: "/reminders/extra", code: "unknown_field" }),
      ]),
    );
    expectError(await api.patch("/reminders", { cadence: ["P2D"] }), 400, "BadRequest");
    expect((await api.get("/reminders")).body.data.attributes.cadence).toEqual(["P3D", "P7D", "-P2D"]);
  });
});
