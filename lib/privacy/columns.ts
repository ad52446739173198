import { Prisma } from "@/lib/generated/prisma/client";

/**
 * What every column of every model in prisma/schema.prisma holds, and what erasing a recipient
 * does to it (docs/privacy.md, "Data map"). `lib/privacy/columns.test.ts` fails when a column is
 * missing here or listed here but gone, so a new column cannot land without this decision;
 * lib/privacy/erase.ts builds its statements from it (retention and erasure requests alike).
 *
 * - `recipient`: a recipient's personal data (name, address, phone, note…).
 * - `user`: a signed-up person's own data (their account, sessions, invitations, tokens): not a
 *   recipient's, left by recipient erasure (the person's account is theirs to close).
 * - `free-text`: text that may quote personal data (provider messages, search strings, payload
 *   snapshots, notes, rendered emails).
 * - `none`: ids, counts, flags, dates, hashes, the catalogue, system words.
 *
 * How erasure treats a `recipient` or `free-text` column:
 * - `null`: set to NULL.
 * - `placeholder`: set to '' (NOT NULL text; the API shows an erased gift's name as null).
 * - `erased-payload`: replaced by `{"erased":true}` (a webhook's body: retries and replays send that).
 * - `scrub`: the person's address replaced by `[erased]`, the rest of the text kept (a bounce's reason).
 * - `delete-row`: the row is deleted (a saved view that searches for the person).
 * - `keep`: kept, with the reason in `why` (the suppression's hash).
 */
export type Holds = "recipient" | "user" | "free-text" | "none";
export type EraseAction = "null" | "placeholder" | "erased-payload" | "scrub" | "delete-row" | "keep";
export type Column =
  { holds: "none" | "user" } | { holds: "recipient" | "free-text"; erase: EraseAction; why?: string; json?: boolean };

const none = { holds: "none" } as const;
const user = { holds: "user" } as const;
const recipient = (erase: EraseAction, why?: string): Column => ({ holds: "recipient", erase, why });
const freeText = (erase: EraseAction, why?: string): Column => ({ holds: "free-text", erase, why });
const json = (c: Column): Column => ("erase" in c ? { ...c, json: true } : c);

/** Every model's every scalar column (relation fields are not columns). */
export const COLUMNS: Record<string, Record<string, Column>> = {
  User: {
    id: none,
    name: user,
    email: user,
    emailVerified: none,
    image: user,
    createdAt: none,
    updatedAt: none,
    emailOnGiftOutcome: none,
  },
  Account: {
    userId: none,
    type: none,
    provider: none,
    providerAccountId: user,
    refresh_token: user,
    access_token: user,
    expires_at: none,
    token_type: none,
    scope: none,
    id_token: user,
    session_state: user,
    createdAt: none,
    updatedAt: none,
  },
  Session: { sessionToken: user, userId: none, expires: none, createdAt: none, updatedAt: none },
  VerificationToken: { identifier: user, token: user, expires: none },
  Team: {
    id: none,
    name: none,
    createdAt: none,
    monthlyBudgetCents: none,
    perGiftLimitCents: none,
    approvalAbovePriceCents: none,
    approvalAboveBatchSize: none,
    reminderCadence: none,
    swapCollectionIds: none,
    recipientDataRetentionDays: none,
    currency: none,
  },
  SavedView: {
    id: none,
    teamId: none,
    name: freeText("delete-row"),
    query: freeText("delete-row", "a search for the person (?q=robin%40example.com) goes with them"),
    createdById: none,
    createdAt: none,
  },
  Membership: { userId: none, teamId: none, role: none, createdAt: none },
  TeamInvitation: {
    id: none,
    teamId: none,
    email: user,
    role: none,
    tokenHash: none,
    invitedById: none,
    createdAt: none,
    expiresAt: none,
    acceptedAt: none,
    acceptedById: none,
    revokedAt: none,
  },
  Collection: {
    id: none,
    slug: none,
    name: none,
    description: none,
    global: none,
    teamId: none,
    priceCents: none,
    currency: none,
    imageUrl: none,
    createdAt: none,
  },
  Product: {
    id: none,
    slug: none,
    collectionId: none,
    name: none,
    description: none,
    imageUrl: none,
    position: none,
    shipsTo: none,
  },
  ProductVariant: { id: none, productId: none, name: none, size: none, color: none, position: none },
  Design: {
    id: none,
    name: none,
    global: none,
    teamId: none,
    hasLogo: none,
    imageUrl: none,
    thumbnailUrl: none,
    createdAt: none,
  },
  Logo: {
    id: none,
    slug: none,
    name: none,
    global: none,
    teamId: none,
    isDefault: none,
    imageUrl: none,
    createdAt: none,
  },
  Gift: {
    id: none,
    teamId: none,
    senderId: none,
    livemode: none,
    recipientName: recipient("placeholder"),
    deliveryMethod: none,
    email: recipient("null"),
    ccEmail: recipient("null"),
    subject: freeText("scrub", "the sender's words, kept with the gift"),
    message: freeText("scrub", "the sender's words, kept with the gift"),
    from: freeText("scrub", "the sender's words, kept with the gift"),
    scheduledAt: none,
    expiresOn: none,
    locale: none,
    // A country names no one (like the locale): kept, as the sender's view of the address keeps its country.
    recipientCountry: none,
    stage: none,
    lastEventAt: none,
    untieTokenHash: none,
    untieVersion: none,
    collectionId: none,
    designId: none,
    logoId: none,
    priceCents: none,
    currency: none,
    dutiesMinor: none,
    taxesMinor: none,
    chargeId: none,
    sentAt: none,
    deliveryAttempts: none,
    deliveryLeaseUntil: none,
    thankYouNote: recipient("null"),
    selectedProductId: none,
    variantId: none,
    redemptionEmail: recipient("null"),
    address: json(recipient("null")),
    fulfilmentOrderId: none,
    fulfilmentSubmittedAt: none,
    fulfilmentAttempts: none,
    fulfilmentLeaseUntil: none,
    carrier: none,
    trackingNumber: none,
    trackingUrl: none,
    batchId: none,
    donatedToCharityId: none,
    donatedCents: none,
    swapCollectionId: none,
    reminders: none,
    timeZone: recipient("null"),
    remindersSent: none,
    nextReminderAt: none,
    clockAt: none,
    clockLeaseUntil: none,
    deliveryIssue: freeText("scrub", "the provider's reason (550 5.1.1 <robin@…>): the reason stays, the address goes"),
    remindersStoppedAt: none,
    erasedAt: none,
    createdAt: none,
  },
  GiftBatch: {
    id: none,
    teamId: none,
    senderId: none,
    livemode: none,
    name: freeText("scrub"),
    size: none,
    createdAt: none,
  },
  CampaignReminder: {
    id: none,
    batchId: none,
    userId: none,
    queued: none,
    reminded: none,
    skipped: none,
    afterId: none,
    leaseUntil: none,
    stopReason: none,
    createdAt: none,
    finishedAt: none,
  },
  GiftStageCount: { teamId: none, senderId: none, livemode: none, day: none, stage: none, count: none },
  GiftStageDelta: { id: none, teamId: none, senderId: none, livemode: none, day: none, stage: none, delta: none },
  GiftActivityCount: {
    teamId: none,
    senderId: none,
    livemode: none,
    day: none,
    kind: none,
    prevDay: none,
    count: none,
  },
  GiftActivityDelta: {
    id: none,
    teamId: none,
    senderId: none,
    livemode: none,
    day: none,
    kind: none,
    prevDay: none,
    delta: none,
  },
  GiftEvent: {
    id: none,
    giftId: none,
    stage: none,
    action: none,
    message: freeText("null", "a decline's reason, a correction's old and new address"),
    createdAt: none,
    webhooksDispatchedAt: none,
  },
  GiftMessage: { id: none, teamId: none, userId: none, message: freeText("scrub"), messageHash: none, createdAt: none },
  PaymentMethod: {
    id: none,
    teamId: none,
    brand: none,
    last4: none,
    expMonth: none,
    expYear: none,
    testBehavior: none,
    createdAt: none,
    updatedAt: none,
  },
  Charge: {
    id: none,
    teamId: none,
    kind: none,
    amountCents: none,
    currency: none,
    description: none, // Ribbon's words with the gift's id ("Refund for cancelled gift gft_…")
    cardLast4: none,
    refundOfId: none,
    giftId: none,
    createdAt: none,
    actorVia: none,
    credentialId: none,
    actorUserId: none,
    quoteId: none,
    sourceCurrency: none,
    sourcePriceMinor: none,
    sourceShippingMinor: none,
    rate: none,
    rateDate: none,
    rateSource: none,
    perGiftMinor: none,
    dutiesMinor: none,
    taxesMinor: none,
  },
  ApiToken: {
    id: none,
    userId: none,
    mode: none,
    tokenHash: none,
    start: none,
    createdAt: none,
    lastUsedAt: none,
    revokedAt: none,
    expiresAt: none,
    caps: none,
    name: user,
    access: none,
    teamId: none,
  },
  OAuthClient: {
    id: none,
    clientId: none,
    clientSecretHash: none,
    name: none,
    redirectUris: none,
    createdAt: none,
    kind: none,
    metadataFetchedAt: none,
    lastGrantAt: none,
  },
  OAuthCode: {
    id: none,
    codeHash: none,
    clientId: none,
    userId: none,
    redirectUri: none,
    codeChallenge: none,
    expiresAt: none,
    usedAt: none,
    revokedAt: none,
    caps: none,
    resource: none,
    mode: none,
    createdAt: none,
  },
  OAuthToken: {
    id: none,
    tokenHash: none,
    clientId: none,
    userId: none,
    codeId: none,
    createdAt: none,
    revokedAt: none,
    lastUsedAt: none,
    caps: none,
    resource: none,
    mode: none,
    mcpElicitsUrl: none,
  },
  IdempotencyKey: {
    id: none,
    ownerKey: none,
    key: freeText("keep", "the client's own key: opaque, chosen by the caller"),
    requestHash: none,
    giftIds: none,
    status: none,
    responseBody: freeText("null", "the stored answer repeats the gift and its recipient"),
    createdAt: none,
  },
  EmailOutbox: {
    id: none,
    kind: none,
    to: recipient("placeholder"),
    cc: recipient("null"),
    subject: freeText("placeholder"),
    html: freeText("placeholder"),
    text: freeText("placeholder"),
    status: none,
    transport: none,
    payload: json(freeText("null", "the template's props: names, addresses, notes")),
    sealedLink: freeText("null"),
    suppress: none,
    attempts: none,
    nextAttemptAt: none,
    leaseUntil: none,
    lastError: freeText("null"),
    providerId: none,
    deliveryStatus: none,
    deliveryDetail: freeText("scrub", "the provider's bounce text quotes the address"),
    deliveryEventAt: none,
    giftId: none,
    invitationId: none,
    createdAt: none,
  },
  EmailProviderEvent: { id: none, type: none, providerId: none, occurredAt: none, outcome: none, receivedAt: none },
  EmailSuppression: {
    id: none,
    teamId: none,
    emailHash: recipient("keep", "the hash keeps the erased person unmailed"),
    email: recipient("null"),
    reason: none,
    detail: freeText("scrub", "the provider's bounce text quotes the address"),
    giftId: none,
    ownerId: none,
    createdAt: none,
  },
  WebhookEndpoint: {
    id: none,
    teamId: none,
    ownerId: none,
    url: none,
    description: freeText("scrub"),
    eventTypes: none,
    enabled: none,
    disabledReason: freeText("scrub"),
    secretCiphertext: none,
    previousSecretCiphertext: none,
    previousSecretExpiresAt: none,
    failingSince: none,
    createdAt: none,
    updatedAt: none,
  },
  WebhookDelivery: {
    id: none,
    eventId: none,
    endpointId: none,
    replayId: none,
    eventType: none,
    payload: freeText("erased-payload", "the gift as it was, recipient included; retries and replays send these bytes"),
    status: none,
    attempts: none,
    nextAttemptAt: none,
    leaseUntil: none,
    createdAt: none,
    completedAt: none,
  },
  WebhookAttempt: {
    id: none,
    deliveryId: none,
    endpointId: none,
    attempt: none,
    responseStatus: none,
    durationMs: none,
    responseBody: freeText("null", "an endpoint may echo the payload"),
    error: freeText("null"),
    succeeded: none,
    createdAt: none,
  },
  Erasure: {
    id: none,
    teamId: none,
    emailHash: none,
    sealedEmail: recipient("keep", "sealed while the erasure runs, so it can resume; nulled when it completes"),
    status: none,
    phase: none,
    cursor: none,
    counts: none,
    createdAt: none,
    updatedAt: none,
    completedAt: none,
  },
  RateLimit: { key: user, points: none, expire: none },
  Charity: { id: none, slug: none, name: none, logoUrl: none, sentence: none, position: none },
  // Money across currencies: rates and quotes hold amounts and codes, nothing of a person.
  ExchangeRate: { id: none, source: none, base: none, currency: none, rate: none, date: none, fetchedAt: none },
  Quote: {
    id: none,
    teamId: none,
    livemode: none,
    collectionId: none,
    gifts: none,
    currency: none,
    sourceCurrency: none,
    sourcePriceMinor: none,
    sourceShippingMinor: none,
    perGiftMinor: none,
    totalMinor: none,
    rate: none,
    rateDate: none,
    rateSource: none,
    // Per country (a country names no one): the gifts and one gift's duties and taxes.
    landed: none,
    dutiesMinor: none,
    taxesMinor: none,
    createdAt: none,
    expiresAt: none,
    usedAt: none,
  },
};

/** What an erasure counts, per table (the answer of `POST /erasures`). */
export type ErasureCount =
  | "gifts"
  | "emails"
  | "events"
  | "webhookDeliveries"
  | "webhookAttempts"
  | "idempotencyKeys"
  | "suppressions"
  | "savedViews"
  | "scrubbed";

/**
 * How erasure finds a table's rows. `t` is the table's alias in every fragment.
 * - `ofGifts`: the rows about these gifts (retention and erasure requests erase them with the gifts).
 * - `ofTeam`: the rows of the team an erasure request scans for the person's address (in key order,
 *   a chunk at a time). A gift row found by its text is only scrubbed (`scrubOnly`): its recipient
 *   is someone else (the address was corrected away), whose data stays.
 */
export type ErasureTable = {
  table: string;
  key: { column: string; type: "int" | "text" };
  count: ErasureCount;
  ofGifts?: (giftIds: string[]) => Prisma.Sql;
  ofTeam?: (teamId: string) => Prisma.Sql;
  /**
   * How a step walks the table: `all` its primary key (a fixed number of rows per step, whatever the
   * team: for tables of every team's rows, whose team is found through a join), `team` the team's
   * rows (an index on teamId finds them; the team's rows are few).
   */
  scan: "all" | "team";
  scrubOnly?: boolean;
  /** Set besides the columns when a row is erased with its gift. */
  alsoSet?: Prisma.Sql;
};

const giftOfTeam = (column: string, teamId: string) =>
  Prisma.sql`EXISTS (SELECT 1 FROM "Gift" g WHERE g."id" = t.${Prisma.raw(`"${column}"`)} AND g."teamId" = ${teamId})`;
const endpointOfTeam = (teamId: string) =>
  Prisma.sql`EXISTS (SELECT 1 FROM "WebhookEndpoint" e WHERE e."id" = t."endpointId" AND e."teamId" = ${teamId})`;

/** The tables erasure works through, in this order. Every table with a column to erase is here. */
export const ERASURE_TABLES: ErasureTable[] = [
  {
    table: "Gift",
    key: { column: "id", type: "text" },
    count: "gifts",
    ofGifts: (ids) => Prisma.sql`t."id" = ANY(${ids}::text[])`,
    ofTeam: (teamId) => Prisma.sql`t."teamId" = ${teamId}`,
    scan: "all",
    scrubOnly: true,
  },
  {
    table: "GiftEvent",
    key: { column: "id", type: "int" },
    count: "events",
    ofGifts: (ids) => Prisma.sql`t."giftId" = ANY(${ids}::text[])`,
    ofTeam: (teamId) => giftOfTeam("giftId", teamId),
    scan: "all",
  },
  {
    table: "EmailOutbox",
    key: { column: "id", type: "int" },
    count: "emails",
    ofGifts: (ids) => Prisma.sql`t."giftId" = ANY(${ids}::text[])`,
    // The team's gifts' emails, and any email not about a gift (an owner's approval email, …).
    ofTeam: (teamId) => Prisma.sql`(t."giftId" IS NULL OR ${giftOfTeam("giftId", teamId)})`,
    scan: "all",
    // A queued email about an erased person is never sent.
    alsoSet: Prisma.sql`"status" = CASE WHEN t."status" = 'pending' THEN 'suppressed' ELSE t."status" END`,
  },
  {
    table: "WebhookDelivery",
    key: { column: "id", type: "int" },
    count: "webhookDeliveries",
    ofGifts: (ids) =>
      Prisma.sql`t."eventId" IN (SELECT e."id" FROM "GiftEvent" e WHERE e."giftId" = ANY(${ids}::text[]))`,
    ofTeam: endpointOfTeam,
    scan: "all",
  },
  {
    table: "WebhookAttempt",
    key: { column: "id", type: "int" },
    count: "webhookAttempts",
    ofGifts: (ids) =>
      Prisma.sql`t."deliveryId" IN (SELECT d."id" FROM "WebhookDelivery" d JOIN "GiftEvent" e ON e."id" = d."eventId"
                                    WHERE e."giftId" = ANY(${ids}::text[]))`,
    ofTeam: endpointOfTeam,
    scan: "all",
  },
  {
    table: "IdempotencyKey",
    key: { column: "id", type: "int" },
    count: "idempotencyKeys",
    ofGifts: (ids) => Prisma.sql`jsonb_typeof(t."giftIds") = 'array' AND t."giftIds" ?| ${ids}::text[]`,
    // Answers stored for the team's gifts, and for requests of the team's members (a refused create quotes its body).
    ofTeam: (teamId) => Prisma.sql`(EXISTS (
        SELECT 1 FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(t."giftIds") = 'array' THEN t."giftIds" ELSE '[]'::jsonb END) gid(id)
        JOIN "Gift" g ON g."id" = gid.id WHERE g."teamId" = ${teamId})
      OR split_part(t."ownerKey", ':', 1) IN (SELECT m."userId" FROM "Membership" m WHERE m."teamId" = ${teamId}))`,
    scan: "all",
  },
  {
    table: "EmailSuppression",
    key: { column: "id", type: "int" },
    count: "suppressions",
    ofTeam: (teamId) => Prisma.sql`t."teamId" = ${teamId}`,
    scan: "team",
  },
  {
    table: "SavedView",
    key: { column: "id", type: "int" },
    count: "savedViews",
    ofTeam: (teamId) => Prisma.sql`t."teamId" = ${teamId}`,
    scan: "team",
  },
  {
    table: "GiftBatch",
    key: { column: "id", type: "text" },
    count: "scrubbed",
    ofTeam: (id) => Prisma.sql`t."teamId" = ${id}`,
    scan: "team",
  },
  {
    table: "GiftMessage",
    key: { column: "id", type: "int" },
    count: "scrubbed",
    ofTeam: (id) => Prisma.sql`t."teamId" = ${id}`,
    scan: "team",
  },
  {
    table: "WebhookEndpoint",
    key: { column: "id", type: "text" },
    count: "scrubbed",
    ofTeam: (id) => Prisma.sql`t."teamId" = ${id}`,
    scan: "team",
  },
];

/** A table's columns that erasure changes (recipient or free-text, not kept). */
export function erasedColumns(table: string): { name: string; erase: EraseAction; json: boolean }[] {
  return Object.entries(COLUMNS[table] ?? {}).flatMap(([name, c]) =>
    "erase" in c && c.erase !== "keep" ? [{ name, erase: c.erase, json: c.json ?? false }] : [],
  );
}
