import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookHeaders } from "@/lib/webhooks/sign";
import { startServer, type RunningServer } from "@/tests/server/server";
import { Ribbon, RibbonError } from "../src/index";

// Every resource of the client against the real production server on a fresh embedded
// database (tests/server/server.ts, which needs `npx next build`), and the README's example
// run from the packed tarball in a project of its own.
const PORT = Number(process.env.CLIENT_PORT) || 4241;
const ROOT = path.resolve(import.meta.dirname, "../../..");
const PACKAGE = path.join(ROOT, "packages/client");
let server: RunningServer;
let sandbox: Ribbon;
let live: Ribbon;

beforeAll(async () => {
  server = await startServer(PORT);
  const [alex] = server.credentials.accounts;
  sandbox = new Ribbon({ apiKey: alex!.sandbox_token, baseUrl: server.url }); // a bare origin: /api/v1 is added
  live = new Ribbon({ apiKey: alex!.live_token, baseUrl: `${server.url}/api/v1` });
});

afterAll(async () => {
  await server?.stop();
});

const inADay = () => new Date(Date.now() + 24 * 3600_000).toISOString();
const gift = (email: string, extra: Record<string, unknown> = {}) => ({
  name: "Robin",
  email,
  collection: "Coffee Lovers",
  message: "Thank you!",
  from: "Alex",
  ...extra,
});
const REQUEST_ID = /^req_/;

describe("the catalogue and the team", () => {
  it("teams, collections, designs, logos, charities, messages", async () => {
    const teams = await live.teams.list();
    expect(teams.requestId).toMatch(REQUEST_ID);
    expect(teams.data.map((t) => t.id)).toEqual(server.credentials.accounts[0]!.teams);
    expect((await sandbox.teams.list()).data.map((t) => t.id)).toEqual(["sandbox"]);

    const collections = await sandbox.collections.list();
    expect(collections.data.map((c) => c.attributes.name)).toContain("Coffee Lovers");
    expect(JSON.parse(JSON.stringify(collections))).not.toHaveProperty("requestId"); // the document alone
    expect((await sandbox.designs.list()).data.length).toBeGreaterThan(0);
    expect((await sandbox.logos.list()).data.length).toBeGreaterThan(0);
    expect((await sandbox.charities.list()).data.length).toBeGreaterThan(0);
    const team = live.forTeam(teams.data[0]!.id);
    expect((await team.collections.list()).data.length).toBe((await live.collections.list()).data.length);

    await sandbox.gifts.create(gift("messages@example.com", { message: "A message to remember" }));
    const messages = await sandbox.messages.list().toArray();
    expect(messages.map((m) => m.attributes.message)).toContain("A message to remember");
  });
});

describe("gifts", () => {
  it("create, get, update, simulate, resend, events, cancel", async () => {
    const created = await sandbox.gifts.create(gift("lifecycle@example.com", { scheduled_at: inADay() }));
    expect(created.requestId).toMatch(REQUEST_ID);
    const id = created.data.id;
    expect(id).toMatch(/^gft_/);
    expect(created.data.attributes.stage).toBe("scheduled");

    expect((await sandbox.gifts.get(id)).data.attributes.email).toBe("lifecycle@example.com");
    const updated = await sandbox.gifts.update(id, { message: "Thank you, again!" });
    expect(updated.data.attributes.message).toBe("Thank you, again!");

    const sent = await sandbox.gifts.simulate(id, { stage: "sent" });
    expect(sent.data.attributes.stage).toBe("sent");
    const resent = await sandbox.gifts.resend(id);
    expect(resent.data.attributes.stage).toBe("sent");

    const types = [];
    for await (const event of sandbox.gifts.events(id, { pageSize: 1 })) types.push(event.attributes.type);
    expect(types).toEqual(expect.arrayContaining(["gift.scheduled", "gift.updated", "gift.sent", "gift.resent"]));

    const cancelled = await sandbox.gifts.cancel(id);
    expect(cancelled.data.attributes.stage).toBe("cancelled");
    const teamEvents = await sandbox.events.list({ gift: id }).toArray();
    expect(teamEvents.map((e) => e.attributes.type)).toContain("gift.cancelled");
  });

  it("the test clock: simulate({advance}) fires what became due", async () => {
    const soon = new Date(Date.now() + 3600_000).toISOString();
    const { data } = await sandbox.gifts.create(gift("clock@example.com", { scheduled_at: soon }));
    const advanced = await sandbox.gifts.simulate(data.id, { advance: "PT2H" });
    expect(advanced.meta?.fired?.map((f) => f.type)).toContain("gift.sent");
    expect(advanced.data.attributes.stage).toBe("sent");
  });

  it("a dry run prices and creates nothing; bulk makes one batch", async () => {
    const quote = await sandbox.gifts.create(gift("dry@example.com"), { dryRun: true });
    expect(quote.meta["dry-run"]).toBe(true);
    expect(quote.meta.price.gifts).toBe(1);
    expect(await sandbox.gifts.list({ email: "dry@example.com" }).toArray()).toEqual([]);

    const shared = {
      collection: "Tea Time",
      message: "Happy holidays!",
      from: "The Acme team",
      batch_name: "Client bulk",
    };
    const recipients = [
      { name: "Ana", email: "ana@example.com" },
      { name: "Ben", email: "ben@example.com" },
      { name: "Cy", delivery_method: "link" as const },
    ];
    const bulkQuote = await sandbox.gifts.bulk({ ...shared, recipients_attributes: recipients }, { dryRun: true });
    expect(bulkQuote.meta.price.gifts).toBe(3);
    const bulk = await sandbox.gifts.bulk({ ...shared, recipients_attributes: recipients });
    expect(bulk.data).toHaveLength(3);
    const batchId = bulk.data[0]!.attributes.batch!.id;
    const batch = await sandbox.batches.get(batchId);
    expect(batch.data.attributes).toMatchObject({ name: "Client bulk", size: 3 });
  });

  it("pagination follows links.next to the last page", async () => {
    for (let i = 0; i < 5; i++) await sandbox.gifts.create(gift("pages@example.com"));
    const pages = [];
    for await (const page of sandbox.gifts.list({ email: "pages@example.com", pageSize: 2 }).pages()) pages.push(page);
    expect(pages.map((p) => p.data.length)).toEqual([2, 2, 1]);
    expect(pages.at(-1)!.links?.next).toBeNull();
    const ids = (await sandbox.gifts.list({ email: "pages@example.com", pageSize: 2 }).toArray()).map((g) => g.id);
    expect(new Set(ids).size).toBe(5);
  });

  it("approvals: a live gift and a live batch waiting for an owner; rejected by the API, approved only by a second owner", async () => {
    await live.budget.update({ approval_above_price: "1.00" });
    try {
      const waiting = await live.gifts.create(gift("approve@example.com"));
      expect(waiting.data.attributes.stage).toBe("pending_approval");
      // The credential that created a gift can't approve it (a second owner must): a typed 403.
      await expect(live.gifts.approve(waiting.data.id)).rejects.toMatchObject({
        status: 403,
        code: "second_approver_required",
      });
      expect((await live.gifts.reject(waiting.data.id, "Not this one")).data.attributes.stage).toBe("rejected");

      const recipients = [
        { name: "Ana", email: "ana@example.com" },
        { name: "Ben", email: "ben@example.com" },
      ];
      const bulk = await live.gifts.bulk({
        collection: "Tea Time",
        message: "Hi",
        from: "Alex",
        recipients_attributes: recipients,
      });
      const batchId = bulk.data[0]!.attributes.batch!.id;
      expect((await live.batches.get(batchId)).data.attributes.stages).toMatchObject({ pending_approval: 2 });
      await expect(live.batches.approve(batchId)).rejects.toMatchObject({
        status: 403,
        code: "second_approver_required",
      });
      const rejected = await live.batches.reject(batchId, "Too many");
      expect(rejected.meta.rejected).toBe(2);
    } finally {
      await live.budget.update({ approval_above_price: null });
    }
  });
});

describe("settings, suppressions, erasures, charges", () => {
  it("budget, reminders, swap collections and privacy: get and update", async () => {
    expect((await live.budget.update({ monthly_limit: "5000.00" })).data.attributes["monthly-limit"]).toBe("5000.00");
    expect((await live.budget.get()).data.attributes["monthly-limit"]).toBe("5000.00");
    await live.budget.update({ monthly_limit: null });

    expect((await live.reminders.update({ cadence: ["P3D", "-P2D"] })).data.attributes.cadence).toEqual([
      "P3D",
      "-P2D",
    ]);
    expect((await live.reminders.get()).data.attributes.cadence).toEqual(["P3D", "-P2D"]);

    const collectionId = (await live.collections.list()).data[0]!.id;
    const swap = await live.swapCollections.update({ collection_ids: [collectionId] });
    expect(swap.data.attributes["collection-ids"]).toEqual([collectionId]);
    expect((await live.swapCollections.get()).data.attributes["collection-ids"]).toEqual([collectionId]);
    await live.swapCollections.update({ collection_ids: [] });

    const privacy = await live.privacy.update({ recipient_data_retention_days: 90 });
    expect(privacy.data.attributes["recipient-data-retention-days"]).toBe(90);
    expect((await live.privacy.get()).data.attributes["recipient-data-retention-days"]).toBe(90);
  });

  it("suppressions: add, add a CSV, list, remove; a suppressed address is refused", async () => {
    const added = await sandbox.suppressions.add(["gone@example.com", "left@example.com"]);
    expect(added.meta).toMatchObject({ added: 2, given: 2 });
    const csv = await sandbox.suppressions.addCsv("email\r\ncsv@example.com\r\n");
    expect(csv.meta).toMatchObject({ added: 1 });
    const emails = (await sandbox.suppressions.list({ pageSize: 1 }).toArray()).map((s) => s.attributes.email);
    expect(emails.sort()).toEqual(["csv@example.com", "gone@example.com", "left@example.com"]);

    const refused = await sandbox.gifts.create(gift("gone@example.com")).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RibbonError);
    expect(refused).toMatchObject({ code: "suppressed", pointer: "/gift/email" });

    expect((await sandbox.suppressions.remove("gone@example.com")).data.attributes.email).toBe("gone@example.com");
    expect((await sandbox.gifts.create(gift("gone@example.com"))).data.id).toMatch(/^gft_/);
  });

  it("erasures: request and look up", async () => {
    await live.gifts.create(gift("erase-me@example.com"));
    const erasure = await live.erasures.create({ email: "erase-me@example.com" });
    expect(erasure.data.id).toMatch(/^era_/);
    const looked = await live.erasures.get(erasure.data.id);
    expect(["in_progress", "completed"]).toContain(looked.data.attributes.status);
  });

  it("charges: the ledger as a list and as CSV", async () => {
    await live.gifts.create(gift("charged@example.com"));
    const lines = await live.charges.list({ pageSize: 1 }).toArray(3);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]!.id).toMatch(/^(chg|rfd)_/);
    const exported = await live.charges.export({ created_after: "2020-01-01" });
    expect(exported.csv.split("\r\n")[0]).toMatch(/^id,kind,amount,currency,/);
    expect(exported.requestId).toMatch(REQUEST_ID);
    expect(await sandbox.charges.list().toArray()).toEqual([]); // the sandbox is never charged
  });
});

describe("webhook endpoints and verifying deliveries", () => {
  it("create, list, get, update, rotate, attempts, replay, delete; a delivery signed with either secret verifies", async () => {
    const created = await live.webhookEndpoints.create({
      url: "https://example.com/ribbon/webhooks",
      description: "client test",
    });
    const id = created.data.id;
    const firstSecret = created.data.attributes.secret!;
    expect(firstSecret).toMatch(/^whsec_/);
    expect((await live.webhookEndpoints.list()).data.map((e) => e.id)).toContain(id);
    expect((await live.webhookEndpoints.get(id)).data.attributes.secret).toBeUndefined();
    const updated = await live.webhookEndpoints.update(id, { description: "renamed", event_types: ["gift.sent"] });
    expect(updated.data.attributes).toMatchObject({ description: "renamed", "event-types": ["gift.sent"] });

    const rotated = await live.webhookEndpoints.rotateSecret(id);
    const secondSecret = rotated.data.attributes.secret!;
    expect(secondSecret).not.toBe(firstSecret);
    expect(rotated.data.attributes["previous-secret-expires-at"]).toBeTruthy();

    // A delivery as the server signs it during the roll (both secrets), verified with either.
    const body = JSON.stringify({ type: "gift.sent", timestamp: new Date().toISOString(), data: created.data });
    const headers = webhookHeaders([secondSecret, firstSecret], "msg_1", Math.floor(Date.now() / 1000), body);
    expect((await live.webhooks.verify(body, headers, [firstSecret])).type).toBe("gift.sent");
    expect((await live.webhooks.verify(body, headers, [secondSecret, firstSecret])).type).toBe("gift.sent");

    const replay = await live.webhookEndpoints.replay(id, { since: new Date(Date.now() - 3600_000).toISOString() });
    expect(replay.meta["replay-id"]).toBeTruthy();
    expect(Array.isArray(await live.webhookEndpoints.attempts(id).toArray())).toBe(true);

    await live.webhookEndpoints.delete(id);
    const gone = await live.webhookEndpoints.get(id).catch((e: unknown) => e);
    expect(gone).toMatchObject({ status: 404 });
  });
});

describe("errors and idempotency against the server", () => {
  it("a validation failure: every problem with its code, status, detail and pointer, and the request id", async () => {
    const error = await sandbox.gifts
      .create({ name: "", email: "not-an-email", collection: "Nope", message: "hi", from: "" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RibbonError);
    const e = error as RibbonError;
    expect(e.status).toBe(400);
    expect(e.requestId).toMatch(REQUEST_ID);
    expect(e.meta["request-id"]).toBe(e.requestId);
    expect(e.errors.length).toBeGreaterThanOrEqual(3);
    for (const problem of e.errors) {
      expect(problem).toMatchObject({ status: 422, code: expect.any(String), detail: expect.any(String) });
      expect(problem.pointer).toMatch(/^\/gift\//);
    }
    expect(e.errors.map((p) => p.pointer)).toEqual(expect.arrayContaining(["/gift/name", "/gift/email", "/gift/from"]));
  });

  it("404 and 401 are RibbonErrors with their codes", async () => {
    await expect(sandbox.gifts.get("gft_nope")).rejects.toMatchObject({ status: 404, requestId: REQUEST_ID });
    const stranger = new Ribbon({ apiKey: "rbn_sbox_wrong", baseUrl: server.url });
    await expect(stranger.teams.list()).rejects.toMatchObject({ status: 401 });
  });

  it("the same Idempotency-Key twice creates one gift (what a retry after a lost answer sends)", async () => {
    const key = `client-test-${Date.now()}`;
    const first = await sandbox.gifts.create(gift("once@example.com"), { idempotencyKey: key });
    const second = await sandbox.gifts.create(gift("once@example.com"), { idempotencyKey: key });
    expect(second.data.id).toBe(first.data.id);
    expect(second.requestId).not.toBe(first.requestId);
    expect(await sandbox.gifts.list({ email: "once@example.com" }).toArray()).toHaveLength(1);
    const reused = await sandbox.gifts.create(gift("other@example.com"), { idempotencyKey: key }).catch((e) => e);
    expect(reused).toMatchObject({ status: 409 });
  });
});

describe("the package as people install it", () => {
  it("npm pack, install the tarball elsewhere, type-check and run the README's example", async () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), "ribbon-client-"));
    try {
      // The build first (what `npm pack` runs as prepack), so that pack's --json output is alone on stdout.
      execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: PACKAGE, encoding: "utf8" });
      const packed = JSON.parse(
        execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", scratch], {
          cwd: PACKAGE,
          encoding: "utf8",
        }),
      ) as { filename: string; files: { path: string }[] }[];
      const files = packed[0]!.files.map((f) => f.path);
      expect(files).toEqual(
        expect.arrayContaining([
          "package.json",
          "README.md",
          "dist/index.js",
          "dist/index.cjs",
          "dist/index.d.ts",
          "dist/index.d.cts",
        ]),
      );
      expect(files.filter((f) => f.startsWith("src/") || f.startsWith("test/"))).toEqual([]);
      const manifest = JSON.parse(readFileSync(path.join(PACKAGE, "package.json"), "utf8"));
      expect(manifest.dependencies).toBeUndefined();

      const project = path.join(scratch, "project");
      mkdirSync(project);
      writeFileSync(
        path.join(project, "package.json"),
        JSON.stringify({ name: "scratch", private: true, type: "module" }),
      );
      execFileSync(
        "npm",
        ["install", "--offline", "--no-audit", "--no-fund", path.join(scratch, packed[0]!.filename)],
        {
          cwd: project,
          encoding: "utf8",
        },
      );

      const readme = readFileSync(path.join(PACKAGE, "README.md"), "utf8");
      const example = /```ts\n([\s\S]*?)```/.exec(readme)![1]!;
      writeFileSync(path.join(project, "example.ts"), example);
      // CommonJS callers: require() and its types (index.d.cts).
      writeFileSync(
        path.join(project, "check.cts"),
        'import client = require("@ribbon/client");\nconst ribbon: client.Ribbon = new client.Ribbon({ apiKey: "k", baseUrl: "http://localhost" });\nvoid ribbon.gifts.list();\nvoid client.verifyWebhook;\n',
      );
      execFileSync(
        path.join(ROOT, "node_modules/.bin/tsc"),
        [
          "--strict",
          "--module",
          "nodenext",
          "--moduleResolution",
          "nodenext",
          "--target",
          "es2022",
          "--typeRoots",
          path.join(ROOT, "node_modules/@types"),
          "--types",
          "node",
          "--outDir",
          "out",
          "example.ts",
          "check.cts",
        ],
        { cwd: project, encoding: "utf8" },
      );
      const { sandbox_token } = server.credentials.accounts[0]!;
      const output = execFileSync(process.execPath, ["out/example.js"], {
        cwd: project,
        encoding: "utf8",
        env: { ...process.env, RIBBON_API_KEY: sandbox_token, RIBBON_API_URL: `${server.url}/api/v1` },
      });
      expect(output).toMatch(/^Collections: .*Coffee Lovers/m);
      expect(output).toMatch(/^Created gft_\S+ \(scheduled\), request req_/m);
      expect(output).toMatch(/^Refused: \/gift\/email \S+/m);
      const required = execFileSync(process.execPath, ["out/check.cjs"], { cwd: project, encoding: "utf8" });
      expect(required).toBe("");
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
