import { describe, expect, it } from "vitest";
import type { SessionActor } from "@/lib/actor";
import { HttpError, ValidationError } from "@/lib/errors";
import { addMember } from "@/lib/teams";
import { databaseWithOwner } from "@/lib/testing/database-for-file";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { createPerson } from "@/lib/testing/teams";
import {
  createEndpoint,
  deleteEndpoint,
  EVENT_TYPES,
  listAttempts,
  listEndpoints,
  parseEndpointInput,
  parseReplayInput,
  replayEvents,
  rotateSecret,
  teamWebhooks,
  updateEndpoint,
} from "./index";
import { decryptSecret } from "./secrets";

// The team page's webhook forms (app/(site)/teams/[team_id]/webhook-actions.ts) call the API's
// parsers and domain functions as the session's person: the same rules, the same owner check.
const t = databaseWithOwner();

const session = (user: { id: string; name: string | null; email: string }): SessionActor => ({
  user: { id: user.id, name: user.name, email: user.email },
  mode: "live",
  via: "session",
  credentialId: null,
});

const refusal = async (work: () => Promise<unknown>) => {
  const error = await work().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
};

describe("webhook endpoints managed as the site's session", () => {
  it("an owner adds, edits, pauses, re-enables, rolls and deletes; the secret is returned twice, stored sealed", async () => {
    const { user, team } = await createAccount(t.db);
    const owner = session(user);
    const input = parseEndpointInput(
      { webhook_endpoint: { url: "https://example.com/hooks", description: "CRM", event_types: [...EVENT_TYPES] } },
      { create: true, allowPrivate: false },
    );
    const { endpoint, secret } = await createEndpoint(t.db, owner, team, input);
    expect(secret).toMatch(/^whsec_/);
    const stored = await t.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(stored.secretCiphertext).not.toContain(secret);
    expect(decryptSecret(stored.secretCiphertext)).toBe(secret);
    expect(await listEndpoints(t.db, owner, team)).toEqual([endpoint]);

    const edited = await updateEndpoint(
      t.db,
      owner,
      team,
      endpoint.id,
      parseEndpointInput(
        { webhook_endpoint: { url: "https://example.com/hooks", description: "", event_types: ["gift.sent"] } },
        { create: false, allowPrivate: false },
      ),
    );
    expect(edited).toMatchObject({ description: null, eventTypes: ["gift.sent"] });

    const paused = await updateEndpoint(t.db, owner, team, endpoint.id, { enabled: false });
    expect(paused).toMatchObject({ enabled: false, disabledReason: "Paused on the team page" });
    const resumed = await updateEndpoint(t.db, owner, team, endpoint.id, { enabled: true });
    expect(resumed).toMatchObject({ enabled: true, disabledReason: null });

    const rolled = await rotateSecret(t.db, owner, team, endpoint.id);
    expect(rolled.secret).not.toBe(secret);
    expect(rolled.endpoint.previousSecretExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const after = await t.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(decryptSecret(after.previousSecretCiphertext!)).toBe(secret);

    const now = new Date();
    const since = parseReplayInput(
      { since: `${new Date(now.getTime() - 3600_000).toISOString().slice(0, 16)}:00Z` },
      now,
    );
    expect(await replayEvents(t.db, owner, team, endpoint.id, since, now)).toMatchObject({ deliveries: 0 });
    expect(await listAttempts(t.db, owner, team, endpoint.id, { size: 5 })).toEqual([]);

    await deleteEndpoint(t.db, owner, team, endpoint.id);
    expect(await listEndpoints(t.db, owner, team)).toEqual([]);
  });

  it("a member is refused every change with the API's 403 owner_required, and nothing changes", async () => {
    const { user, team } = await createAccount(t.db);
    const member = await createPerson(t.db);
    await addMember(t.db, team.id, member.user.id, "member");
    const { endpoint } = await createEndpoint(t.db, session(user), team, {
      url: "https://example.com/hooks",
      eventTypes: ["gift.sent"],
    });
    const as = session(member.user);
    const attempts = [
      () => createEndpoint(t.db, as, team, { url: "https://example.com/other", eventTypes: ["gift.sent"] }),
      () => updateEndpoint(t.db, as, team, endpoint.id, { description: "mine now" }),
      () => updateEndpoint(t.db, as, team, endpoint.id, { enabled: false }),
      () => rotateSecret(t.db, as, team, endpoint.id),
      () => deleteEndpoint(t.db, as, team, endpoint.id),
      () => replayEvents(t.db, as, team, endpoint.id, new Date(Date.now() - 3600_000)),
    ];
    for (const work of attempts) {
      const error = await refusal(work);
      expect(error).toMatchObject({ status: 403, code: "owner_required" });
      expect(error.message).toBe(
        `Only the team's owners can manage the team's webhook endpoints. Ask an owner of team "${team.id}".`,
      );
    }
    expect(await listEndpoints(t.db, as, team)).toEqual([endpoint]);
  });

  it("refuses a hostile URL with the API's words and codes", () => {
    const problems = (url: string, allowPrivate = false) => {
      try {
        parseEndpointInput({ webhook_endpoint: { url } }, { create: true, allowPrivate });
      } catch (error) {
        if (error instanceof ValidationError) return error.problems;
        throw error;
      }
      return [];
    };
    expect(problems("javascript:alert(1)")).toEqual([
      { detail: "Url must use http or https", pointer: "/webhook_endpoint/url", code: "invalid_url" },
    ]);
    expect(problems(`https://example.com/${"a".repeat(10_000)}`)[0]).toMatchObject({ code: "too_long" });
    expect(problems("http://127.0.0.1:8080/hooks")[0]).toMatchObject({
      detail: "Url must point to a public address",
      code: "private_address",
    });
    expect(problems("http://127.0.0.1:8080/hooks", true)).toEqual([]);
  });
});

describe("the team page's webhooks, one statement", () => {
  it("are the endpoints and attempts the API lists: oldest endpoint first, its latest attempts newest first, and whether there are more", async () => {
    const { user, team } = await createAccount(t.db);
    const owner = session(user);
    const add = (url: string) =>
      createEndpoint(t.db, owner, team, { url, eventTypes: ["gift.sent", "gift.delivered"] }).then((r) => r.endpoint);
    const busy = await add("https://example.com/busy");
    const quiet = await add("https://example.com/quiet");
    const gift = await insertGift(t.db, { teamId: team.id, senderId: user.id, stage: "sent" });
    const event = await t.db.giftEvent.findFirstOrThrow({ where: { giftId: gift.id } });
    const delivery = (replayId: string) =>
      t.db.webhookDelivery.create({
        data: {
          eventId: event.id,
          endpointId: busy.id,
          replayId,
          eventType: "gift.sent",
          payload: "{}",
          nextAttemptAt: new Date(),
        },
      });
    const [original, replay] = [await delivery(""), await delivery("rpl_1")];
    const start = Date.parse("2026-11-30T10:00:00.123Z");
    // Seven attempts; two share their instant, so the id decides their order.
    for (const [i, at] of [0, 1, 2, 3, 3, 5, 6].entries())
      await t.db.webhookAttempt.create({
        data: {
          deliveryId: i === 6 ? replay.id : original.id,
          endpointId: busy.id,
          attempt: i + 1,
          responseStatus: i % 2 === 0 ? 500 : null,
          error: i % 2 === 0 ? null : "Timed out: it's <slow>",
          durationMs: 10 * i,
          succeeded: false,
          createdAt: new Date(start + at * 1000),
        },
      });

    const shown = 5;
    const listed = await teamWebhooks(t.db, team, shown);
    const endpoints = await listEndpoints(t.db, owner, team);
    const expected = await Promise.all(
      endpoints.map(async (endpoint) => {
        const attempts = await listAttempts(t.db, owner, team, endpoint.id, { size: shown });
        return {
          endpoint,
          attempts: attempts.slice(0, shown).map((a) => ({
            id: a.id,
            attempt: a.attempt,
            succeeded: a.succeeded,
            responseStatus: a.responseStatus,
            error: a.error,
            durationMs: a.durationMs,
            createdAt: a.createdAt,
            delivery: { eventType: a.delivery.eventType, replayId: a.delivery.replayId },
          })),
          moreAttempts: attempts.length > shown,
        };
      }),
    );
    expect(listed).toEqual(expected);
    expect(listed.map((w) => [w.endpoint.id, w.attempts.length, w.moreAttempts])).toEqual([
      [busy.id, 5, true],
      [quiet.id, 0, false],
    ]);
    expect(listed[0].attempts.map((a) => a.attempt)).toEqual([7, 6, 5, 4, 3]);
    expect(listed[0].attempts[0].delivery.replayId).toBe("rpl_1");
    // Another team's endpoints are not this team's.
    expect(await teamWebhooks(t.db, (await createAccount(t.db)).team, shown)).toEqual([]);
  });
});
