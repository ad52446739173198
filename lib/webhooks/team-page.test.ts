import { describe, expect, it } from "vitest";
import type { SessionActor } from "@/lib/actor";
import { HttpError, ValidationError } from "@/lib/errors";
import { addMember } from "@/lib/teams";
import { databaseWithOwner } from "@/lib/testing/database-for-file";
import { createAccount } from "@/lib/testing/fixtures";
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
