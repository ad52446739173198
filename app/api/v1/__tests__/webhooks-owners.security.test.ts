import { beforeAll, describe, expect, it } from "vitest";
import { addMember, inviteMember, acceptInvitation } from "@/lib/teams";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { createPerson } from "@/lib/testing/teams";
import { expectError, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();
let owner: Awaited<ReturnType<typeof createAccount>>;
let member: Awaited<ReturnType<typeof createPerson>>;
let endpointId: string;

const body = (url = "https://hooks.example.com/ribbon") => ({ webhook_endpoint: { url } });

beforeAll(async () => {
  owner = await createAccount(t.db);
  member = await createPerson(t.db);
  await addMember(t.db, owner.team.id, member.user.id, "member");
  const created = await apiAs(owner.tokens.live).post(`/teams/${owner.team.id}/webhook-endpoints`, body());
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  endpointId = created.body.data.id;
});

const endpointRow = () => t.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });

describe("webhook endpoints of a live team are managed by its owners", () => {
  it("a member reads them but can't create, update, delete, rotate or replay: 403 owner_required, nothing changes", async () => {
    const api = apiAs(member.tokens.live);
    const base = `/teams/${owner.team.id}/webhook-endpoints`;
    expect((await api.get(base)).body.data.map((e: { id: string }) => e.id)).toEqual([endpointId]);
    expect((await api.get(`${base}/${endpointId}`)).status).toBe(200);
    const before = await endpointRow();
    const attempts = [
      () => api.post(base, body("https://hooks.example.com/mine")),
      () => api.post("/webhook-endpoints", body("https://hooks.example.com/default-team")), // the default team is the member's only team
      () => api.patch(`${base}/${endpointId}`, { webhook_endpoint: { url: "https://evil.example.com/steal" } }),
      () => api.delete(`${base}/${endpointId}`),
      () => api.post(`${base}/${endpointId}/rotate-secret`, {}),
      () => api.post(`${base}/${endpointId}/replay`, { since: new Date(Date.now() - 60_000).toISOString() }),
    ];
    for (const attempt of attempts) {
      const error = expectError(await attempt(), 403, "Forbidden");
      expect(error.code).toBe("owner_required");
      expect(error.detail).toBe(
        `Only the team's owners can manage the team's webhook endpoints. Ask an owner of team "${owner.team.id}".`,
      );
    }
    expect(await endpointRow()).toEqual(before);
    expect(await t.db.webhookEndpoint.count({ where: { teamId: owner.team.id } })).toBe(1);
    expect(await t.db.webhookDelivery.count({ where: { endpointId } })).toBe(0);
  });

  it("an owner can; a member made owner can too, and demoted again can't", async () => {
    const ownerApi = apiAs(owner.tokens.live);
    expect(
      (
        await ownerApi.patch(`/teams/${owner.team.id}/webhook-endpoints/${endpointId}`, {
          webhook_endpoint: { description: "CRM" },
        })
      ).status,
    ).toBe(200);
    expect(
      (await ownerApi.post(`/teams/${owner.team.id}/webhook-endpoints/${endpointId}/rotate-secret`, {})).status,
    ).toBe(200);
    await addMember(t.db, owner.team.id, member.user.id, "owner");
    const promoted = await apiAs(member.tokens.live).post(
      `/teams/${owner.team.id}/webhook-endpoints`,
      body("https://hooks.example.com/promoted"),
    );
    expect(promoted.status).toBe(200);
    await addMember(t.db, owner.team.id, member.user.id, "member");
    expectError(
      await apiAs(member.tokens.live).delete(`/teams/${owner.team.id}/webhook-endpoints/${promoted.body.data.id}`),
      403,
      "Forbidden",
    );
  });

  it("a non-member gets 404 as before, and in the shared sandbox everyone manages their own endpoints", async () => {
    const stranger = await createAccount(t.db);
    expectError(
      await apiAs(stranger.tokens.live).post(`/teams/${owner.team.id}/webhook-endpoints`, body()),
      404,
      "NotFound",
    );
    const sandbox = await apiAs(member.tokens.sandbox).post(
      "/teams/sandbox/webhook-endpoints",
      body("https://hooks.example.com/sandbox"),
    );
    expect(sandbox.status).toBe(200);
    expect((await apiAs(member.tokens.sandbox).delete(`/webhook-endpoints/${sandbox.body.data.id}`)).status).toBe(200);
  });
});

describe("GET /teams", () => {
  it("lists a team to a new member's own live token as soon as they accept, and stops when they are removed", async () => {
    const person = await createPerson(t.db);
    expect((await apiAs(person.tokens.live).get("/teams")).body.data).toEqual([]);
    await inviteMember(t.db, {
      actorId: owner.user.id,
      teamId: owner.team.id,
      email: person.user.email,
      role: "member",
    });
    const email = await t.db.emailOutbox.findFirstOrThrow({
      where: { kind: "team-invitation", to: person.user.email },
    });
    const token = /\/invitations\/([1-9A-HJ-NP-Za-km-z]+)/.exec(email.text)![1];
    await acceptInvitation(t.db, { token, userId: person.user.id });
    const teams = await apiAs(person.tokens.live).get("/teams");
    expect(teams.body.data.map((team: { id: string }) => team.id)).toEqual([owner.team.id]);
    expect((await apiAs(person.tokens.live).get(`/teams/${owner.team.id}/gifts`)).status).toBe(200);
    await t.db.membership.delete({ where: { userId_teamId: { userId: person.user.id, teamId: owner.team.id } } });
    expect((await apiAs(person.tokens.live).get("/teams")).body.data).toEqual([]);
    expectError(await apiAs(person.tokens.live).get(`/teams/${owner.team.id}/gifts`), 404, "NotFound");
  });
});
