/** Every `code` an error entry can carry, with what it means (the reference lists them). */
export const ERROR_CODES: { code: string; status: number; meaning: string }[] = [
  { code: "blank", status: 422, meaning: "A required field is missing or blank." },
  { code: "not_a_string", status: 422, meaning: "A text field holds another JSON type." },
  { code: "not_an_object", status: 422, meaning: "`gift` or a recipient is not a JSON object." },
  { code: "not_an_array", status: 422, meaning: "`recipients_attributes` is not an array." },
  { code: "invalid_characters", status: 422, meaning: "Control characters (a message may keep newlines and tabs)." },
  { code: "too_long", status: 422, meaning: "Longer than the field's maximum." },
  { code: "invalid_email", status: 422, meaning: "Not an email address." },
  {
    code: "suppressed",
    status: 422,
    meaning:
      "The address is on the team's suppression list (a hard bounce, a spam complaint or an owner's entry): send a link gift, or an owner removes it (`DELETE /suppressions/{email}`).",
  },
  { code: "invalid_delivery_method", status: 422, meaning: "`delivery_method` other than `email` or `link`." },
  { code: "invalid_locale", status: 422, meaning: "`locale` is not one of `en`, `es`, `fr`, `de`, `ja`, `ar`." },
  {
    code: "invalid_country",
    status: 422,
    meaning: "`recipient_country` is not an ISO 3166-1 alpha-2 country code (`BR`, `DE`; any case).",
  },
  {
    code: "not_deliverable",
    status: 422,
    meaning:
      "`recipient_country` names a country no product of the collection reaches (see the collection's `countries`): nothing is created.",
  },
  {
    code: "landed_cost_unavailable",
    status: 422,
    meaning:
      "Ribbon can't estimate what a gift from the collection pays on arrival in `recipient_country` (its value is past the duty bands Ribbon's table covers there): nothing is quoted or created. Choose a collection priced lower, or leave `recipient_country` out.",
  },
  { code: "invalid_timestamp", status: 422, meaning: "`scheduled_at` is not ISO 8601 with a zone." },
  { code: "invalid_date", status: 422, meaning: "`expires_on` is not a `YYYY-MM-DD` date." },
  { code: "invalid_logo_id", status: 422, meaning: "`logo_id` is not a positive integer." },
  { code: "expires_before_send_date", status: 422, meaning: "`expires_on` is before the send date." },
  { code: "expires_too_late", status: 422, meaning: "`expires_on` is a year or more after the send date." },
  {
    code: "must_be_later",
    status: 422,
    meaning: "`PATCH`: `expires_on` is not later than the gift's expiry (or the gift never expires).",
  },
  { code: "in_the_past", status: 422, meaning: "Create or `PATCH`: `expires_on` is before today." },
  { code: "after_expiry", status: 422, meaning: "`PATCH`: `scheduled_at` is after the gift's expiry date." },
  {
    code: "link_gift",
    status: 422,
    meaning: "`PATCH` of `email` or `scheduled_at` on a link gift (a 409 for a resend): a link gift is never emailed.",
  },
  {
    code: "erased",
    status: 422,
    meaning: "A resend of a gift whose recipient's data was erased (docs/privacy.md): it has no address to send to.",
  },
  { code: "too_many_recipients", status: 422, meaning: "A bulk request names more than 10,000 recipients." },
  {
    code: "not_found",
    status: 422,
    meaning:
      "In a body: the named collection, design or logo does not exist for the team. As an HTTP 404: no such team, gift or endpoint.",
  },
  {
    code: "unknown_field",
    status: 422,
    meaning: "A field the endpoint does not take (a typo never drops a value silently).",
  },
  {
    code: "invalid_duration",
    status: 422,
    meaning:
      "A reminder or a clock's `advance` is not an ISO 8601 duration in weeks, days, hours or minutes (`P3D`, `PT12H`; `-P2D` for a reminder before expiry).",
  },
  { code: "out_of_range", status: 422, meaning: "A reminder outside 1 hour–365 days, or an `advance` past `P90D`." },
  { code: "too_many_reminders", status: 422, meaning: "More than 16 reminders." },
  {
    code: "invalid_retention",
    status: 422,
    meaning: "`recipient_data_retention_days` is not a whole number from 0 (never erase) to 3650.",
  },
  {
    code: "too_many_suppressions",
    status: 422,
    meaning: "A suppression list request holds no address, or more than 10,000.",
  },
  { code: "duplicate_reminder", status: 422, meaning: "The same reminder twice (`P1D` and `PT24H` are one)." },
  { code: "duplicate_name", status: 422, meaning: "An API key's name that another of the person's keys has." },
  {
    code: "too_many_keys",
    status: 422,
    meaning: "A 26th API key: a person keeps at most 25 named keys; revoke one first.",
  },
  { code: "reminder_needs_expiry", status: 422, meaning: "A reminder before expiry on a gift without `expires_on`." },
  { code: "reminders_need_email", status: 422, meaning: "Reminders on a link gift (it has no email to remind)." },
  { code: "invalid_time_zone", status: 422, meaning: "`time_zone` is not an IANA time zone name." },
  { code: "conflicting_fields", status: 422, meaning: "Fields that can't go together (`stage` and `advance`)." },
  { code: "not_a_boolean", status: 422, meaning: "A field that takes true or false holds something else." },
  { code: "too_large", status: 422, meaning: "An amount (a budget or a cap) over `1000000.00`." },
  {
    code: "invalid_url",
    status: 422,
    meaning: "A webhook endpoint's `url` is not an absolute http or https URL with a host.",
  },
  {
    code: "private_address",
    status: 422,
    meaning: "A webhook endpoint's `url` points to a private address, `localhost` or `*.localhost`.",
  },
  {
    code: "invalid_event_types",
    status: 422,
    meaning: "`event_types` is not a non-empty list of known event types.",
  },
  { code: "invalid", status: 422, meaning: "Any other invalid value." },
  { code: "card_declined", status: 400, meaning: "BillingError: the team's card was declined." },
  {
    code: "no_card_on_file",
    status: 400,
    meaning:
      'BillingError: the team has no card. An owner adds one under "Card on file" on the team\'s page (`/teams/<team>`); until then a sandbox token sends the same gifts with no card and no charge.',
  },
  {
    code: "budget_exceeded",
    status: 402,
    meaning:
      "The month's live charges would pass the team's monthly budget; `meta` has the budget, spent, remaining and requested amounts.",
  },
  {
    code: "per_gift_limit_exceeded",
    status: 402,
    meaning: "A gift would cost more than the team's per-gift limit.",
  },
  {
    code: "cap_per_gift_exceeded",
    status: 402,
    meaning: "A gift would cost more than the calling credential's cap per gift (`meta.cap`: `per_gift`).",
  },
  {
    code: "cap_daily_exceeded",
    status: 402,
    meaning:
      "The credential's charges today (UTC, net of refunds) would pass its daily cap; `meta` has the cap, spent, remaining and requested amounts.",
  },
  {
    code: "cap_monthly_exceeded",
    status: 402,
    meaning: "The same for the credential's monthly cap.",
  },
  {
    code: "answer_too_large",
    status: 400,
    meaning:
      "MCP read tools: the answer would be larger than a tool answer may hold (256 KB); ask for fewer (a smaller `limit`, a filter). `meta` has both sizes.",
  },
  {
    code: "quote_mismatch",
    status: 409,
    meaning:
      "MCP `send_gift` / `send_batch`: the total is no longer the `quoted_total` the agent showed; nothing was sent (`meta` has both). A create's `quote` made for another collection, gift count, mode or currency (docs/international.md).",
  },
  {
    code: "quote_not_found",
    status: 404,
    meaning:
      "A create's `quote` names no quote of this team (unknown, forged, or another team's): ask for one with `dry_run`. Nothing was sent or charged.",
  },
  {
    code: "quote_expired",
    status: 409,
    meaning:
      "A create's `quote` is past its `expires-at` (15 minutes after the dry run): ask for a new one. `meta.expired_at` says when.",
  },
  {
    code: "quote_used",
    status: 409,
    meaning:
      "A create's `quote` was already used by another create (a quote pays for one create; of two at once, one wins).",
  },
  {
    code: "currency_unavailable",
    status: 422,
    meaning:
      "There is no exchange rate for a currency the create needs (the rate table lacks it): nothing was charged.",
  },
  {
    code: "amount_too_large",
    status: 422,
    meaning: "The converted total is more than one charge can hold: send fewer gifts at once.",
  },
  {
    code: "invalid_currency",
    status: 422,
    meaning: "`PATCH /budget`: `currency` is not an ISO 4217 code Ribbon knows (`EUR`, `JPY`, …).",
  },
  {
    code: "restate_in_new_currency",
    status: 422,
    meaning:
      "`PATCH /budget`: the currency changes while a limit is set in the old one; give that limit again (or `null`) in the same request.",
  },
  {
    code: "currency_locked",
    status: 409,
    meaning:
      "`PATCH /budget`: the team already has charges (or gifts waiting for approval) in its currency, which is then fixed.",
  },
  {
    code: "collection_not_allowed",
    status: 403,
    meaning: "The calling credential may not send from this collection (`meta.allowed-collections`).",
  },
  { code: "bad_request", status: 400, meaning: "Unreadable body, bad parameter, or no default team." },
  { code: "unauthorized", status: 401, meaning: "Missing, malformed, unknown, revoked or expired token." },
  { code: "forbidden", status: 403, meaning: "The credential's mode doesn't match the team (sandbox vs live)." },
  {
    code: "owner_required",
    status: 403,
    meaning:
      "Only the team's owners may do this (see a live team's charges; create, change, delete, rotate or replay its webhook endpoints).",
  },
  {
    code: "key_read_only",
    status: 403,
    meaning:
      "A read-only API key asked for something other than `GET`: make the request with a key that has full access.",
  },
  {
    code: "member_required",
    status: 403,
    meaning: "A viewer of the team asked to send, preview or cancel gifts: viewers only read them.",
  },
  {
    code: "second_approver_required",
    status: 403,
    meaning:
      "An owner asked to approve a gift they sent while the team has another owner, or a team's only owner did so with an API token or OAuth grant (only on the dashboard).",
  },
  {
    code: "not_pending_approval",
    status: 409,
    meaning:
      "Approve or reject of a gift that isn't waiting for approval (someone acted first, or it was cancelled or expired).",
  },
  {
    code: "livemode_gift",
    status: 403,
    meaning: "A test clock was asked of a live gift: only sandbox gifts have one.",
  },
  { code: "not_in_batch", status: 409, meaning: "A batch advance of a gift created alone." },
  { code: "batch_too_large", status: 409, meaning: "A batch advance of a batch of more than 25 gifts." },
  { code: "clock_busy", status: 409, meaning: "Another advance of the gift's clock was still running after 20 s." },
  { code: "method_not_allowed", status: 405, meaning: "The endpoint doesn't serve that method (see `Allow`)." },
  {
    code: "conflict",
    status: 409,
    meaning:
      "The gift can't be cancelled any more, it kept changing during a `PATCH`, or an Idempotency-Key was reused with another request.",
  },
  {
    code: "already_<stage>",
    status: 409,
    meaning:
      "`PATCH`/resend: the gift's stage doesn't allow it (`already_sent`, `already_opened`, `already_redeemed`, `already_cancelled`, `already_expired`, …); `source.pointer` names the field.",
  },
  {
    code: "being_sent",
    status: 409,
    meaning:
      "`PATCH`: the gift's email is being sent right now (or waits for its retry): try again after `meta.retry_at`.",
  },
  {
    code: "expired_too_long_ago",
    status: 409,
    meaning: "`PATCH` of `expires_on`: the gift expired more than 30 days ago.",
  },
  {
    code: "never_approved",
    status: 409,
    meaning:
      "`PATCH` of `expires_on`: the gift expired waiting for approval, was never charged, and can't be reopened.",
  },
  {
    code: "not_sent_yet",
    status: 409,
    meaning: "Resend: the gift is still scheduled (change it with `PATCH` instead).",
  },
  { code: "payload_too_large", status: 413, meaning: "The request body is too large." },
  {
    code: "rate_limited",
    status: 429,
    meaning:
      "Too many requests for this credential, too many failed guesses from this address, or too many resends of one gift: wait `Retry-After` seconds.",
  },
  { code: "internal_error", status: 500, meaning: "A bug on our side; the request id helps us find it." },
  {
    code: "service_unavailable",
    status: 503,
    meaning:
      "The database can't be reached just now (or, behind the load balancer, no instance answered): retry after `Retry-After` seconds, with the same Idempotency-Key for a create.",
  },
];

const templates = ERROR_CODES.filter((e) => e.code.includes("<")).map((e) => ({
  code: e.code,
  matches: new RegExp(`^${e.code.replace(/<[^>]+>/g, "[a-z_]+")}$`),
}));

/** The anchor of a code's row in /docs's error table (`already_redeemed` → its `already_<stage>` row). */
export function errorAnchor(code: string): string {
  const row = ERROR_CODES.some((e) => e.code === code) ? code : templates.find((t) => t.matches.test(code))?.code;
  return row ? `error-${row.replace(/[<>]/g, "")}` : "errors";
}
