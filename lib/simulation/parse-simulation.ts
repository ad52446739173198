import { unknownFieldProblems, ValidationError, type FieldProblem } from "@/lib/errors";
import { parseDuration } from "@/lib/format/duration";
import type { Stage } from "@/lib/gifts/stages";
import { MAX_ADVANCE_MS } from "./test-clock";

export const SIMULATED_STAGES = [
  "sent",
  "opened",
  "redeemed",
  "shipped",
  "delivered",
  "expired",
  "failed",
  "declined",
  "donated",
] as const satisfies readonly Stage[];
export type SimulatedStage = (typeof SIMULATED_STAGES)[number];

export type StageSimulation = { stage: SimulatedStage; charity?: string };
/** What the email provider could report about the gift email (lib/delivery/provider-events.ts). */
export const SIMULATED_EMAIL_EVENTS = [
  "delivered",
  "delivery_delayed",
  "soft_bounce",
  "bounced",
  "complained",
] as const;
export type EmailEventSimulation = { emailEvent: (typeof SIMULATED_EMAIL_EVENTS)[number] };
export type Simulation = StageSimulation | EmailEventSimulation | { advanceMs: number; batch: boolean };

/** `advance`: a well-formed ISO 8601 duration forward, at most MAX_ADVANCE_MS; else a problem. */
function advanceMs(value: unknown, problems: FieldProblem[]): number | undefined {
  const duration = typeof value === "string" && value.length <= 20 ? parseDuration(value.trim().toUpperCase()) : null;
  if (!duration || duration.negative) {
    problems.push({
      detail: 'Advance must be an ISO 8601 duration forward in weeks, days, hours or minutes, like "P7D" or "PT12H"',
      pointer: "/advance",
      code: "invalid_duration",
    });
    return undefined;
  }
  if (duration.ms > MAX_ADVANCE_MS) {
    problems.push({ detail: "Advance can be at most P90D at a time", pointer: "/advance", code: "out_of_range" });
    return undefined;
  }
  return duration.ms;
}

/** `{"stage": "sent" | … | "donated"[, "charity": slug]}` or `{"advance": "P7D"[, "batch": true]}`, nothing else. */
export function parseSimulation(body: Record<string, unknown>): Simulation {
  const problems = unknownFieldProblems(body, ["stage", "advance", "batch", "charity", "email_event"]);
  if (body.email_event !== undefined) {
    const event = body.email_event;
    if (Object.keys(body).length > 1)
      problems.push({ detail: "Give email_event alone", pointer: "/email_event", code: "conflicting_fields" });
    if (typeof event !== "string" || !(SIMULATED_EMAIL_EVENTS as readonly string[]).includes(event))
      problems.push({
        detail: `Email event must be one of: ${SIMULATED_EMAIL_EVENTS.join(", ")}`,
        pointer: "/email_event",
        code: "invalid",
      });
    if (problems.length > 0) throw new ValidationError(problems);
    return { emailEvent: event as EmailEventSimulation["emailEvent"] };
  }
  if (body.advance !== undefined) {
    if (body.stage !== undefined)
      problems.push({ detail: "Give stage or advance, not both", pointer: "/stage", code: "conflicting_fields" });
    if (body.batch !== undefined && typeof body.batch !== "boolean")
      problems.push({ detail: "Batch must be true or false", pointer: "/batch", code: "not_a_boolean" });
    const ms = advanceMs(body.advance, problems);
    if (problems.length > 0 || ms === undefined) throw new ValidationError(problems);
    return { advanceMs: ms, batch: body.batch === true };
  }
  if (body.batch !== undefined)
    problems.push({ detail: "Batch goes with advance", pointer: "/batch", code: "unknown_field" });
  const stage = body.stage;
  if (body.charity !== undefined && stage !== "donated")
    problems.push({ detail: 'Charity goes with stage "donated"', pointer: "/charity", code: "unknown_field" });
  else if (body.charity !== undefined && typeof body.charity !== "string")
    problems.push({ detail: "Charity must be a charity's slug", pointer: "/charity", code: "invalid" });
  if (typeof stage !== "string" || !(SIMULATED_STAGES as readonly string[]).includes(stage)) {
    problems.push({
      detail: `Stage must be one of: ${SIMULATED_STAGES.join(", ")} (or give advance to move the gift's test clock)`,
      pointer: "/stage",
      code: "invalid",
    });
  }
  if (problems.length > 0) throw new ValidationError(problems);
  return { stage: stage as SimulatedStage, ...(body.charity !== undefined && { charity: body.charity as string }) };
}
