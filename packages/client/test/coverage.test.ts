import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/api/openapi/document";
import { Ribbon } from "../src/index";

// Every operation of the OpenAPI document has a client method, and that method sends the
// operation's method to the operation's path: a new endpoint without a method fails here.
// Each operation exists twice (under /teams/{team_id} and on the default team); the team form
// is the same method on `ribbon.forTeam(team)`.
const GIFT = { name: "R", email: "r@example.com", collection: "C", message: "M", from: "F" };
const CALLS: Record<string, (r: Ribbon) => Promise<unknown>> = {
  listTeams: (r) => r.teams.list(),
  listCharities: (r) => r.charities.list(),
  listCollectionsOnDefaultTeam: (r) => r.collections.list(),
  listDesignsOnDefaultTeam: (r) => r.designs.list(),
  listLogosOnDefaultTeam: (r) => r.logos.list(),
  listMessagesOnDefaultTeam: (r) => r.messages.list().firstPage(),
  listGiftsOnDefaultTeam: (r) => r.gifts.list().firstPage(),
  createGiftOnDefaultTeam: (r) => r.gifts.create(GIFT),
  createGiftsOnDefaultTeam: (r) =>
    r.gifts.bulk({ collection: "C", message: "M", from: "F", recipients_attributes: [] }),
  getGiftOnDefaultTeam: (r) => r.gifts.get("ID"),
  cancelGiftOnDefaultTeam: (r) => r.gifts.cancel("ID"),
  updateGiftOnDefaultTeam: (r) => r.gifts.update("ID", { message: "M" }),
  approveGiftOnDefaultTeam: (r) => r.gifts.approve("ID"),
  rejectGiftOnDefaultTeam: (r) => r.gifts.reject("ID"),
  resendGiftOnDefaultTeam: (r) => r.gifts.resend("ID"),
  simulateGiftOnDefaultTeam: (r) => r.gifts.simulate("ID", { stage: "sent" }),
  listGiftEventsOnDefaultTeam: (r) => r.gifts.events("ID").firstPage(),
  getBatchOnDefaultTeam: (r) => r.batches.get("ID"),
  approveBatchOnDefaultTeam: (r) => r.batches.approve("ID"),
  rejectBatchOnDefaultTeam: (r) => r.batches.reject("ID"),
  listEventsOnDefaultTeam: (r) => r.events.list().firstPage(),
  getBudgetOnDefaultTeam: (r) => r.budget.get(),
  updateBudgetOnDefaultTeam: (r) => r.budget.update({ monthly_limit: null }),
  getReminderSettingsOnDefaultTeam: (r) => r.reminders.get(),
  updateReminderSettingsOnDefaultTeam: (r) => r.reminders.update({ cadence: [] }),
  getSwapCollectionsOnDefaultTeam: (r) => r.swapCollections.get(),
  updateSwapCollectionsOnDefaultTeam: (r) => r.swapCollections.update({ collection_ids: [] }),
  getPrivacySettingsOnDefaultTeam: (r) => r.privacy.get(),
  updatePrivacySettingsOnDefaultTeam: (r) => r.privacy.update({ recipient_data_retention_days: 90 }),
  listSuppressionsOnDefaultTeam: (r) => r.suppressions.list().firstPage(),
  addSuppressionsOnDefaultTeam: (r) => r.suppressions.add(["a@example.com"]),
  removeSuppressionOnDefaultTeam: (r) => r.suppressions.remove("ID"),
  eraseRecipientOnDefaultTeam: (r) => r.erasures.create({ email: "a@example.com" }),
  getErasureOnDefaultTeam: (r) => r.erasures.get("ID"),
  listChargesOnDefaultTeam: (r) => r.charges.list().firstPage(),
  exportChargesOnDefaultTeam: (r) => r.charges.export(),
  listWebhookEndpointsOnDefaultTeam: (r) => r.webhookEndpoints.list(),
  createWebhookEndpointOnDefaultTeam: (r) => r.webhookEndpoints.create({ url: "https://example.com/h" }),
  getWebhookEndpointOnDefaultTeam: (r) => r.webhookEndpoints.get("ID"),
  updateWebhookEndpointOnDefaultTeam: (r) => r.webhookEndpoints.update("ID", { enabled: true }),
  deleteWebhookEndpointOnDefaultTeam: (r) => r.webhookEndpoints.delete("ID"),
  rotateWebhookSecretOnDefaultTeam: (r) => r.webhookEndpoints.rotateSecret("ID"),
  listWebhookAttemptsOnDefaultTeam: (r) => r.webhookEndpoints.attempts("ID").firstPage(),
  replayWebhookEventsOnDefaultTeam: (r) => r.webhookEndpoints.replay("ID", { since: "2026-11-20T00:00:00Z" }),
};

type Operation = { id: string; method: string; path: string };
const operations: Operation[] = Object.entries(
  openApiDocument().paths as Record<string, Record<string, { operationId?: string }>>,
).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, op]) => typeof op === "object" && op?.operationId)
    .map(([method, op]) => ({ id: op.operationId!, method: method.toUpperCase(), path })),
);

/** What the client sent: one recorded request per call, answered with an empty page. */
function recordingClient(team?: string) {
  const sent: { method: string; path: string }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ method: init!.method!, path: new URL(String(input)).pathname.replace(/^\/api\/v1/, "") });
    return new Response(JSON.stringify({ data: [], links: { next: null }, meta: {} }), {
      headers: { "Content-Type": "application/vnd.api+json", "Request-Id": "req_x" },
    });
  };
  const ribbon = new Ribbon({ apiKey: "k", baseUrl: "https://ribbon.test/api/v1", fetch });
  return { ribbon: team === undefined ? ribbon : ribbon.forTeam(team), sent };
}

describe("the client covers the OpenAPI document", () => {
  it("every operation has a method (the team form through forTeam)", () => {
    const defaultForm = (id: string) => (CALLS[id] ? id : `${id}OnDefaultTeam`);
    const uncovered = operations.filter((op) => !CALLS[defaultForm(op.id)]).map((op) => op.id);
    expect(uncovered).toEqual([]);
    expect(Object.keys(CALLS).filter((id) => !operations.some((op) => op.id === id))).toEqual([]);
  });

  it.each(operations.map((op) => [op.id, op] as const))("%s sends its method to its path", async (_id, op) => {
    const teamForm = op.path.startsWith("/teams/{team_id}");
    const { ribbon, sent } = recordingClient(teamForm ? "T" : undefined);
    const call = CALLS[op.id] ?? CALLS[`${op.id}OnDefaultTeam`]!;
    await call(ribbon);
    const expected = op.path.replace("{team_id}", "T").replace(/\{[^}]+\}/g, "ID");
    expect(sent).toEqual([{ method: op.method, path: expected }]);
  });
});
