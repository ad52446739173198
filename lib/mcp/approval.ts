import type { PrismaClient } from "@/lib/db";
import type { TeamActor } from "@/lib/actor";
import { giftDocument, giftListDocument } from "@/lib/api/serializers/gift";
import { approvalOutcome, loadGifts, type ApprovalOutcome } from "@/lib/gifts";
import { approvalUrl } from "@/lib/gifts/approval-email";

/**
 * Approvals from the agent (docs/agents.md, "Approvals"). A send above the team's approval
 * threshold makes its gifts in `pending_approval`, as the API does; then, where the host can
 * show a URL to its person (URL-mode elicitation), the tool asks them to open Ribbon, where an
 * owner approves (or sees the gifts waiting, the owners emailed), instead of answering at once.
 * The host retries the same call (the same idempotency key: nothing is sent twice) and the
 * answer says what was decided. Where the host can't, or its person declines, the answer is
 * today's: the gifts, pending, with where to approve them.
 *
 * Nothing is kept between the two calls: the retry finds the gifts by its idempotency key, and
 * no request state travels through the host (MCP's `requestState` is unneeded, so never trusted).
 */

/** The key of the one input a send asks for (MRTR's `inputRequests`/`inputResponses`). */
export const APPROVAL_INPUT = "approval";

/** What the host can do, and what its person answered on a retry. */
export type HostContext = {
  /** The host declared URL-mode elicitation (per request on 2026-07-28; at initialize before). */
  elicitsUrl(): Promise<boolean>;
  /** The 2026-07-28 retry's `inputResponses` (null: none, or a session revision, whose hosts just retry). */
  inputResponses: Record<string, unknown> | null;
};

export type UrlElicitation = { mode: "url"; elicitationId: string; url: string; message: string };

/** Thrown by a send whose gifts wait: each revision asks its own way (lib/mcp/server.ts, lib/mcp/stateless.ts). */
export class ApprovalInputRequired extends Error {
  constructor(readonly elicitation: UrlElicitation) {
    super(elicitation.message);
  }
}

type Document = { data?: unknown };
type Resource = { id?: unknown; attributes?: { stage?: unknown } };

const resources = (document: Document): Resource[] =>
  (Array.isArray(document.data) ? document.data : [document.data]).filter(
    (r): r is Resource => typeof r === "object" && r !== null,
  );

export const outcomeMeta = (outcome: ApprovalOutcome) => ({
  state: outcome.state,
  "decided-at": outcome.decidedAt?.toISOString() ?? null,
  note: outcome.note,
});

/** The person's answer to the last ask: "accept" (they opened Ribbon), "decline", "cancel", or null. */
function answered(host: HostContext): string | null {
  const response = host.inputResponses?.[APPROVAL_INPUT];
  if (typeof response !== "object" || response === null) return null;
  const action = (response as { action?: unknown }).action;
  return typeof action === "string" ? action : null;
}

function askMessage(actor: TeamActor, count: number, again: boolean): string {
  const gifts = count === 1 ? "This gift waits" : `These ${count} gifts wait`;
  const them = count === 1 ? "it" : "them";
  return `${again ? "Still waiting. " : ""}${gifts} for an owner of team "${actor.team.name}" to approve ${them}: the team approves gifts above its threshold, and nothing is charged until then. Open Ribbon to approve ${them} if you are an owner (another owner, if you sent ${them}), or to see ${them} waiting; the owners were emailed.`;
}

/**
 * A send's answer once its gifts exist (made now, or by the first call of a retry). Gifts that
 * never waited: the document as it is. Gifts that waited: as they are now, with `meta.approval`
 * (where to approve them, and each gift's decision), or the ask, while any still waits and the
 * host can show it.
 */
export async function sendAnswer(
  db: PrismaClient,
  host: HostContext,
  actor: TeamActor,
  shape: "one" | "many",
  document: unknown,
): Promise<unknown> {
  if (typeof document !== "object" || document === null) return document;
  const sent = resources(document as Document);
  if (!sent.some((r) => r.attributes?.stage === "pending_approval")) return document;

  const gifts = await loadGifts(
    db,
    sent.map((r) => String(r.id)),
  );
  const outcomes = await Promise.all(gifts.map((g) => approvalOutcome(db, g.id)));
  const waiting = gifts.filter((g) => g.stage === "pending_approval");
  const url = approvalUrl(
    actor.team.id,
    gifts.map((g) => g.id),
    gifts[0]?.batch?.id ?? null,
  );
  const action = answered(host);
  if (waiting.length > 0 && action !== "decline" && action !== "cancel" && (await host.elicitsUrl()))
    throw new ApprovalInputRequired({
      mode: "url",
      elicitationId: `approval-${gifts[0].id}`,
      url,
      message: askMessage(actor, waiting.length, action === "accept"),
    });

  const current = shape === "one" ? giftDocument(gifts[0], actor) : giftListDocument(gifts, actor);
  return {
    ...current,
    meta: {
      approval: {
        state: waiting.length > 0 ? "pending" : "decided",
        url,
        gifts: gifts.map((g, i) => ({
          id: g.id,
          ...outcomeMeta(outcomes[i] ?? { state: "pending", decidedAt: null, note: null }),
        })),
      },
    },
  };
}

/** A host's declared capabilities (`initialize`'s, or a 2026-07-28 request's `_meta`) allow URL-mode elicitation. */
export function declaresUrlElicitation(capabilities: unknown): boolean {
  if (typeof capabilities !== "object" || capabilities === null) return false;
  const elicitation = (capabilities as { elicitation?: unknown }).elicitation;
  if (typeof elicitation !== "object" || elicitation === null) return false;
  const url = (elicitation as { url?: unknown }).url;
  return typeof url === "object" && url !== null;
}
