import { z } from "zod";
import { unknownFieldProblems, ValidationError, type FieldProblem } from "@/lib/errors";
import { email, expiresOn, problemCode, scheduledAt, text } from "./fields";

/** What a `PATCH /gifts/:id` asks to change: only the fields it names (lib/gifts/update.ts applies them). */
export type GiftChanges = {
  message?: string;
  from?: string;
  subject?: string;
  /** null: no design. */
  designId?: string | null;
  scheduledAt?: Date;
  email?: string;
  expiresOn?: string;
};

/** An expired gift can be reopened (its expiry extended) until this many days after its `expires_on`. */
export const REOPEN_WINDOW_DAYS = 30;

const fields = {
  message: text(
    "Message",
    { max: 2000, required: true, multiline: true },
    { description: "Text on the card. Only while the gift is `scheduled`.", example: "Thank you, again!" },
  ),
  from: text("From", { max: 200, required: true }, { description: "The from line. Only while `scheduled`." }),
  subject: text("Subject", { max: 200, required: true }, { description: "Email subject. Only while `scheduled`." }),
  design_id: text(
    "Design id",
    { max: 100 },
    { description: "Design id (see `GET /designs`); `null` for no design. Only while `scheduled`." },
  ),
  scheduled_at: scheduledAt,
  email: email("Email", {
    description:
      "Corrects the recipient's address while the gift is not yet opened (`scheduled` or `sent`), or is `failed` because the gift email hard-bounced (its `delivery-issue`; it goes back to `sent`): the gift gets a new untie link (the old one stops working) and, if already sent or bounced, the gift email goes to the new address now. An address on the team's suppression list is refused (422 `suppressed`). Email gifts only.",
    example: "robin.new@example.com",
  }),
  expires_on: expiresOn,
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** `PATCH /gifts/:id` body, for the OpenAPI document (parseGiftChanges validates it field by field). */
export const giftChangesBody = z
  .object({
    gift: z.object(fields).meta({
      description: "The fields to change (at least one); a field left out keeps its value.",
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        jsonSchema.required = [];
        jsonSchema.minProperties = 1;
        jsonSchema.additionalProperties = false;
      },
    }),
  })
  .meta({
    id: "UpdateGiftRequest",
    description: "The request body: one key, `gift`. Any other key is an `unknown_field` error.",
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      jsonSchema.required = ["gift"];
      jsonSchema.additionalProperties = false;
    },
  });

/**
 * PATCH /gifts/:id body → the changes and every problem found without the database, each
 * with its pointer. A field that is present is validated even when null or blank (a required
 * text can't be blanked); only `design_id` may be null (no design).
 */
export function parseGiftChanges(body: unknown): { changes: GiftChanges; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const changes: GiftChanges = {};
  if (isObject(body))
    problems.push(
      ...unknownFieldProblems(
        body,
        ["gift"],
        "",
        (key) => `${key} is not a known field: put the changes inside "gift"`,
      ),
    );
  const gift = isObject(body) ? body.gift : undefined;
  if (!isObject(gift)) {
    const blank = gift === undefined || gift === null;
    problems.push({
      detail: blank ? "Gift can't be blank" : "Gift must be an object",
      pointer: "/gift",
      code: blank ? "blank" : "not_an_object",
    });
    return { changes, problems };
  }
  problems.push(...unknownFieldProblems(gift, fields, "/gift"));
  const present = Object.keys(fields).filter((key) => Object.hasOwn(gift, key)) as (keyof typeof fields)[];
  if (present.length === 0 && Object.keys(gift).length === 0)
    problems.push({ detail: "Gift has nothing to change: name at least one field", pointer: "/gift", code: "blank" });
  for (const key of present) {
    const pointer = `/gift/${key}`;
    const result = fields[key].safeParse(gift[key]);
    if (!result.success) {
      for (const issue of result.error.issues)
        problems.push({ detail: issue.message, pointer, code: problemCode(issue) });
      continue;
    }
    const value = result.data;
    if (value === undefined && key !== "design_id") {
      problems.push({ detail: `${label(key)} can't be blank`, pointer, code: "blank" });
      continue;
    }
    if (key === "message") changes.message = value as string;
    else if (key === "from") changes.from = value as string;
    else if (key === "subject") changes.subject = value as string;
    else if (key === "design_id") changes.designId = (value as string | undefined) ?? null;
    else if (key === "scheduled_at") changes.scheduledAt = value as Date;
    else if (key === "email") changes.email = value as string;
    else changes.expiresOn = value as string;
  }
  return { changes, problems };
}

const label = (key: string) => (key.charAt(0).toUpperCase() + key.slice(1)).replace(/_/g, " ");

/** The changes of a PATCH body, or a ValidationError with every problem. */
export function readGiftChanges(body: unknown): GiftChanges {
  const { changes, problems } = parseGiftChanges(body);
  if (problems.length > 0) throw new ValidationError(problems);
  return changes;
}
