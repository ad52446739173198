import { z } from "zod";
import { STAGES } from "@/lib/gifts";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";
import { LOCALES } from "@/lib/i18n/locales";
import { COUNTRY_CODES } from "@/lib/format/countries";

/**
 * The response documents of the API as zod schemas: they generate the OpenAPI document's
 * components, and the API tests parse real responses with them (so the document can't drift).
 * Objects are strict: an attribute the document does not describe fails the tests.
 */

const timestamp = z
  .string()
  .meta({ description: "UTC, ISO 8601 with milliseconds.", example: "2026-11-23T09:00:00.000Z", format: "date-time" });
const money = z
  .string()
  .regex(/^-?\d+(\.\d{1,4})?$/)
  .meta({
    description:
      "Decimal amount with the currency's own minor digits: two for USD, EUR, GBP, CAD, AUD (`25.00`), none for JPY (`2500`), three for KWD (`1.250`).",
    example: "25.00",
  });
const currency = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .meta({
    description:
      "ISO 4217 currency code of the amounts beside it (`USD` unless the team or collection says otherwise).",
    example: "USD",
  });
const url = z.string().meta({ format: "uri" });
const ref = (type: string) => z.strictObject({ type: z.literal(type), id: z.string() });
const relationship = (type: string, nullable = false) =>
  z.strictObject({ data: nullable ? ref(type).nullable() : ref(type) });

function resource<A extends z.ZodRawShape>(
  type: string,
  id: string,
  description: string,
  attributes: A,
  relationships?: z.ZodRawShape,
) {
  return z
    .strictObject({
      type: z.literal(type),
      id: z.string(),
      attributes: z.strictObject(attributes),
      ...(relationships ? { relationships: z.strictObject(relationships) } : {}),
    })
    .meta({ id, description });
}

export const Team = resource(
  "teams",
  "Team",
  "A team the caller may send gifts for. The sandbox team has id `sandbox`.",
  { name: z.string() },
);

export const Collection = resource("collections", "Collection", "A curated set of products a recipient chooses from.", {
  name: z.string(),
  global: z.boolean().meta({ description: "Shared by every team (true) or the team's own (false)." }),
  price: money,
  currency,
  description: z.string(),
  "image-url": url,
});

export const Product = resource(
  "products",
  "Product",
  "One present of a collection; a recipient chooses one, and a variant when it has variants.",
  {
    name: z.string(),
    description: z.string(),
    "image-url": url,
    "ships-to": z.array(z.enum(COUNTRY_CODES as [string, ...string[]])).meta({
      description:
        'Where it can go, variants included: ISO 3166-1 alpha-2 codes, sorted. A recipient is offered it only for these countries, and a redemption to any other is refused. Empty: it ships nowhere (never "everywhere").',
      example: ["BR", "DE", "US"],
    }),
    variants: z
      .array(
        z.strictObject({
          id: z.string(),
          name: z.string().meta({ example: "M / Navy" }),
          size: z.string().nullable(),
          color: z.string().nullable(),
        }),
      )
      .meta({ description: "The choices within the product (size, colour); empty when there are none." }),
  },
);

const CollectionWithProducts = resource(
  "collections",
  "CollectionWithProducts",
  "A collection and the products a recipient chooses from (in `included`).",
  {
    ...Collection.shape.attributes.shape,
    countries: z.array(z.enum(COUNTRY_CODES as [string, ...string[]])).meta({
      description:
        "Every country at least one of its products reaches (the union of their `ships-to`), ISO 3166-1 alpha-2, sorted. A gift naming a `recipient_country` outside it is refused (`not_deliverable`).",
      example: ["BR", "DE", "US"],
    }),
  },
  { products: z.strictObject({ data: z.array(ref("products")) }) },
);

export const Design = resource("designs", "Design", "Card artwork. The id is a slug.", {
  name: z.string(),
  global: z.boolean(),
  "has-logo": z.boolean().meta({ description: "The artwork has a slot for the logo." }),
  "image-url": url,
  "thumbnail-url": url,
});

export const Charity = resource(
  "charities",
  "Charity",
  "A charity a recipient may give the gift's value to instead of choosing a product. The id is a slug.",
  {
    name: z.string(),
    sentence: z.string().meta({ description: "What the charity does, as the untie page shows it." }),
    "logo-url": url,
  },
);

export const Logo = resource("logos", "Logo", "A logo placed on the card.", {
  name: z.string(),
  global: z.boolean(),
  "image-url": url,
});

export const Message = resource(
  "messages",
  "Message",
  "A message of an earlier gift sent by the calling user in the team.",
  {
    message: z.string(),
    "created-at": timestamp,
  },
);

export const User = resource("users", "User", "The person who sent a gift.", { name: z.string(), email: z.string() });

export const GiftEvent = z
  .strictObject({
    type: z
      .enum(EVENT_TYPES)
      .meta({ description: "gift.<stage> for a stage change, else the action (gift.reminded, gift.updated, …)." }),
    stage: z.enum(STAGES).meta({ description: "The gift's stage after this event." }),
    message: z.string().nullable(),
    "created-at": timestamp,
  })
  .meta({ id: "GiftEvent", description: "One entry of a gift's history." });

const NamedRef = z.strictObject({ id: z.string(), name: z.string() });

const SenderAddress = z
  .strictObject({
    city: z.string(),
    region: z.string().nullable(),
    country: z.string().meta({ description: "ISO 3166-1 alpha-2 code.", example: "US" }),
  })
  .meta({ id: "GiftAddress" });

export const Gift = resource(
  "gifts",
  "Gift",
  "A gift to one recipient.",
  {
    "external-id": z.string().meta({ description: "The gift's id (same value as `id`)." }),
    team: z.string(),
    "sender-name": z.string(),
    name: z
      .string()
      .nullable()
      .meta({ description: "The recipient's name; null once their data was erased (docs/privacy.md)." }),
    "untie-url": url.nullable().meta({
      description:
        "The recipient's page, where they choose their present. Treat it as a secret: whoever holds it can choose, decline or donate the gift. Null for a reader who may not act on the gift (a viewer, or a member reading a gift another member sent); the team's owners and the gift's sender always get it.",
    }),
    "delivery-method": z.enum(["email", "link"]),
    email: z.string().nullable().meta({ description: "The recipient's email; null for link gifts." }),
    "cc-email": z.string().nullable(),
    stage: z.enum(STAGES).meta({
      description:
        "`declined`: the recipient said No thanks on the untie page (refunded in full; the `gift.declined` event's message is their reason, null without one). `donated`: the recipient gave the gift's value to a charity (`charity`; not refunded).",
    }),
    "last-event-at": timestamp,
    "scheduled-at": timestamp.nullable().meta({ description: "When the gift email goes out; null for link gifts." }),
    "expires-on": z
      .string()
      .optional()
      .meta({ description: "Last day to choose (`YYYY-MM-DD`); present only when an expiry applies.", format: "date" }),
    locale: z.enum(LOCALES).nullable().meta({
      description:
        "The recipient's language for the untie page and their emails, as given when created; null: none given (the page follows the browser, else English).",
    }),
    "recipient-country": z
      .enum(COUNTRY_CODES as [string, ...string[]])
      .nullable()
      .meta({
        description:
          "The country the sender named for the recipient (`recipient_country`, ISO 3166-1 alpha-2): the untie page starts there. Null: none named. Where the gift actually ships is `address.country`.",
      }),
    subject: z.string(),
    message: z.string(),
    from: z.string(),
    "thank-you-note": z.string().nullable().meta({
      description:
        "The recipient's note to the sender (at most 500 characters); null until redeemed or when they wrote none.",
    }),
    charity: z
      .strictObject({
        id: z.string().meta({ description: "The charity's slug." }),
        name: z.string(),
        amount: z.string().meta({ description: "The value recorded against the charity: the gift's price (USD)." }),
      })
      .nullable()
      .meta({
        description:
          "A donated gift (stage `donated`): the charity the recipient chose on the untie page and the value it gets. Not refunded. Null otherwise.",
      }),
    "swap-collection": z.string().nullable().meta({
      description:
        "Swapped: the id of the team's swap collection the recipient chose the product from instead of the gift's collection (priced at or below the gift; the difference is neither charged nor refunded). Null otherwise.",
    }),
    "selected-product": NamedRef.nullable().meta({
      description: "The product the recipient chose; null until redeemed.",
    }),
    variant: NamedRef.nullable().meta({
      description: "The chosen product's variant (e.g. size and colour); null when it has none or until redeemed.",
    }),
    batch: NamedRef.nullable().meta({
      description:
        "The batch the gift was created in: one per `POST /bulk/gifts` request (named by `batch_name`) or dashboard CSV upload; null for a gift created alone.",
    }),
    "redemption-email": z
      .string()
      .nullable()
      .meta({ description: "Where the recipient asked for shipping updates; null until redeemed." }),
    address: SenderAddress.nullable().meta({
      description:
        "Where the gift ships: city, region and country only (the full address is shared with fulfilment, never with the sender); null until redeemed.",
    }),
    carrier: z.string().nullable().meta({ description: "Who carries the parcel; null until shipped." }),
    "tracking-number": z
      .string()
      .nullable()
      .meta({ description: "The carrier's tracking number; null until shipped." }),
    "tracking-url": z
      .string()
      .nullable()
      .meta({ description: "Where the parcel can be followed; null until shipped." }),
    "delivery-issue": z.string().nullable().meta({
      description:
        'Why the gift email did not arrive, when its hard bounce moved the gift to `failed` (e.g. "Bounced: mailbox does not exist"). Correct the address (PATCH `email`) to send it again; null otherwise.',
    }),
    reminders: z.array(z.string()).meta({
      description:
        "The gift's reminder cadence: ISO 8601 durations after the gift email was sent, or before the expiry with a leading `-` (the request's `reminders`, else the team's cadence when the gift was created). Empty: no reminders (and always for link gifts).",
      example: ["P3D", "P7D", "-P2D"],
    }),
    "time-zone": z
      .string()
      .nullable()
      .meta({ description: "The recipient's IANA time zone: no reminder between 21:00 and 08:00 there. null: none." }),
    "reminders-sent": z
      .number()
      .int()
      .meta({ description: "How many reminders went out (overdue ones skipped count)." }),
    "next-reminder-at": timestamp.nullable().meta({
      description:
        "When the next reminder goes out (quiet hours applied); null before the gift is sent, once it is chosen, cancelled or expired, when no reminder is left, or when none will be sent (the recipient unsubscribed or marked the email as spam, the address bounced or is suppressed).",
    }),
    "test-clock": timestamp.nullable().meta({
      description:
        "Sandbox only: the gift's test clock (its own now, moved by `POST /gifts/{id}/simulate` with `advance`); null: real time.",
    }),
    price: money.meta({
      description:
        "What the gift cost (the collection's price when it was created, with its `duties` and `taxes`; 0.00 in the sandbox is not charged).",
    }),
    currency,
    duties: money.nullable().meta({
      description:
        "The estimated import duty among `price`, for a gift to a `recipient-country` Ribbon reaches from abroad; null: none estimated (no country named, priced delivered, or sandbox).",
    }),
    taxes: money.nullable().meta({
      description: "The estimated import VAT, GST or ICMS among `price`; null as for `duties`.",
    }),
    livemode: z.boolean().meta({ description: "false for sandbox gifts." }),
    "created-at": timestamp,
    events: z.array(GiftEvent).meta({ description: "The gift's history, oldest first." }),
  },
  {
    sender: relationship("users"),
    collection: relationship("collections"),
    logo: relationship("logos"),
    design: relationship("designs", true),
  },
);

const Included = z
  .array(z.union([User, Collection, Logo, Design]))
  .meta({ description: "The gifts' sender, collection, logo and design, each once." });

export const PageLinks = z
  .strictObject({
    self: url,
    first: url,
    next: url.nullable().meta({ description: "The next page; null on the last one." }),
  })
  .meta({
    id: "PageLinks",
    description: "Pagination links (absolute URLs on the service's base URL; never carry `access_token`).",
  });

const listOf = (item: z.ZodType, id: string) => z.strictObject({ data: z.array(item) }).meta({ id });

export const TeamList = listOf(Team, "TeamList");
export const CollectionList = z
  .strictObject({
    data: z.array(CollectionWithProducts),
    included: z.array(Product).meta({ description: "Every listed collection's products, with their variants." }),
  })
  .meta({ id: "CollectionList" });
export const DesignList = listOf(Design, "DesignList");
export const LogoList = listOf(Logo, "LogoList");
export const CharityList = listOf(Charity, "CharityList");
export const MessageList = z.strictObject({ data: z.array(Message), links: PageLinks }).meta({ id: "MessageList" });
export const GiftDocument = z.strictObject({ data: Gift, included: Included }).meta({ id: "GiftDocument" });
export const Batch = resource("batches", "Batch", "The gifts of one bulk request or CSV upload. The id is `bat_…`.", {
  name: z.string(),
  size: z.number().int().meta({ description: "How many gifts the batch was created with." }),
  livemode: z.boolean(),
  "created-at": z.string().meta({ format: "date-time" }),
  stages: z
    .record(z.string(), z.number().int())
    .meta({ description: "How many of the batch's gifts are in each stage now (stages with none are left out)." }),
  "pending-approval-total": money.meta({
    description:
      "What approving the gifts still waiting for approval would charge, in `currency`: the sum of their prices.",
  }),
  currency: currency.meta({ description: "The team's billing currency, the currency of `pending-approval-total`." }),
});
export const BatchDocument = z.strictObject({ data: Batch }).meta({ id: "BatchDocument" });
export const BatchDecisionDocument = z
  .strictObject({
    data: Batch,
    meta: z
      .object({
        approved: z.number().int().optional().meta({ description: "How many gifts this approval moved." }),
        rejected: z.number().int().optional().meta({ description: "How many gifts this rejection moved." }),
        charged: money.meta({
          description: 'What the approval charged, in the batch\'s `currency` ("0.00" for a rejection).',
        }),
      })
      .meta({ description: "What the decision did." }),
  })
  .meta({ id: "BatchDecisionDocument" });
const cents = (description: string) => money.meta({ description });
export const PriceQuoteDocument = z
  .strictObject({
    meta: z.strictObject({
      "dry-run": z.literal(true),
      price: z.strictObject({
        livemode: z.boolean(),
        currency,
        gifts: z.number().int().meta({ description: "How many gifts the call would create." }),
        collection: z.strictObject({ id: z.string(), name: z.string() }),
        "per-gift": z.strictObject({
          currency: currency.meta({ description: "The collection's currency: the per-gift parts are in it." }),
          "product-maximum": cents("The collection's most expensive product: the most a gift can cost."),
          shipping: cents("Included in the collection's price today: 0.00."),
          fees: cents("None today: 0.00."),
          total: cents("What one gift costs: its `price` once created (0.00 on sandbox gifts)."),
        }),
        total: cents("Per gift, times the gifts, in `currency` (the team's)."),
        charge: cents("What the real call charges the team's card: `total` when live; 0.00 in the sandbox."),
        conversion: z
          .strictObject({
            from: currency,
            to: currency,
            rate: z.string().meta({
              description: "Units of `to` per one `from`, an exact decimal (10 digits).",
              example: "0.9839614287",
            }),
            "rate-date": z.string().meta({ description: "The day of the reference rates used.", format: "date" }),
            "rate-source": z
              .string()
              .meta({ description: "Where the rates came from: `ecb-snapshot` or the URL fetched." }),
            "per-gift": cents("One gift's price converted (half to even, to the team's minor unit)."),
            total: cents("`per-gift` times the gifts: what the create charges."),
          })
          .nullable()
          .meta({
            description: "The collection's currency is not the team's: how the price was converted; null otherwise.",
          }),
        "landed-cost": z
          .strictObject({
            duties: cents("The import duties of all the gifts, in `currency`."),
            taxes: cents("The import VAT, GST or ICMS of all the gifts, in `currency`."),
            countries: z.array(
              z.strictObject({
                country: z.string().meta({ description: "ISO 3166-1 alpha-2, as the recipients named it." }),
                gifts: z.number().int().meta({ description: "How many of the recipients name it." }),
                "per-gift": z.strictObject({
                  price: cents("One gift's goods (with their shipping when converted), in `currency`."),
                  shipping: money
                    .nullable()
                    .meta({ description: "One gift's shipping; null when converted (within `price`)." }),
                  duties: cents("One gift's estimated import duty."),
                  taxes: cents("One gift's estimated import tax."),
                  total: cents("What one gift to this country costs: its `price` once created."),
                }),
                basis: z.enum(["included", "estimated"]).meta({
                  description:
                    "`included`: Ribbon delivers from stock in the country, its price includes duty and tax; `estimated`: from the duty and tax table (`estimate`).",
                }),
                estimate: z
                  .strictObject({
                    "duty-rate": z
                      .string()
                      .meta({ description: "The duty rate applied to the value (`0` under the de minimis)." }),
                    tax: z.string().meta({ description: "`VAT`, `GST` or `ICMS`…", example: "VAT" }),
                    "tax-rate": z.string().meta({ description: "Its standard rate, a decimal.", example: "0.22" }),
                    "tax-applied": z
                      .boolean()
                      .meta({ description: "false when the value is at or under the tax de minimis." }),
                    "de-minimis": z.strictObject({
                      currency,
                      duty: z
                        .string()
                        .nullable()
                        .meta({ description: "No duty up to this value; null: no duty at any value." }),
                      tax: z.string().meta({ description: "No tax up to this value (`0`: from the first unit)." }),
                    }),
                    source: z.string().meta({ description: "Where the thresholds, bands and tax rate come from." }),
                  })
                  .nullable(),
              }),
            ),
          })
          .nullable()
          .meta({
            description:
              "What the gifts pay on arrival in the countries their recipients name (`recipient_country`), included in `total` (docs/international.md); null when no recipient names one.",
          }),
        quote: z
          .strictObject({
            id: z.string().meta({
              description: "Give it as `gift.quote` in the create to be charged exactly `total`.",
              example: "quo_3nK8x2mQp4Lr",
            }),
            "expires-at": timestamp,
            "holds-for-seconds": z
              .number()
              .int()
              .meta({ description: "How long the quote holds from now (900 when made)." }),
          })
          .nullable()
          .meta({
            description:
              "The quote written for a conversion or an estimate of import charges (single use, 15 minutes); null when neither.",
          }),
        "requires-approval": z.boolean().meta({
          description:
            "True when the team wants an owner to approve these gifts: the real call creates them in stage `pending_approval` and charges `charge` only as they are approved.",
        }),
        "approval-reason": z
          .string()
          .nullable()
          .meta({ description: "Why they would need approval; null: they wouldn't." }),
        budget: z
          .strictObject({
            period: z.string().meta({ description: "The calendar month (UTC) the spend counts in, `YYYY-MM`." }),
            "monthly-limit": money.nullable().meta({ description: "The team's monthly budget; null: none." }),
            "per-gift-limit": money.nullable().meta({ description: "The most one gift may cost; null: no limit." }),
            spent: cents("Live charges this month, net of refunds, before this call."),
            "remaining-after": money
              .nullable()
              .meta({ description: "What the budget would have left after this call; null without a monthly budget." }),
          })
          .nullable()
          .meta({ description: "What the call would use of the team's spend controls; null in the sandbox." }),
        caps: z
          .strictObject({
            "per-gift": money.nullable().meta({ description: "The credential's cap per gift; null: none." }),
            daily: money.nullable().meta({ description: "Its cap per calendar day (UTC); null: none." }),
            monthly: money.nullable().meta({ description: "Its cap per calendar month (UTC); null: none." }),
            collections: z
              .array(z.string())
              .nullable()
              .meta({ description: "The collection ids it may send from; null: any." }),
            "spent-today": cents("What the credential's charges cost today, net of their refunds, before this call."),
            "spent-this-month": cents("The same for this month."),
            "remaining-today-after": money
              .nullable()
              .meta({ description: "Left of the daily cap after this call; null: no daily cap." }),
            "remaining-this-month-after": money
              .nullable()
              .meta({ description: "Left of the monthly cap after this call; null: no monthly cap." }),
          })
          .nullable()
          .meta({
            description:
              "What the call would use of the calling credential's caps (docs/api.md, Caps per credential); null when it has none, in the sandbox and from the dashboard.",
          }),
      }),
    }),
  })
  .meta({
    id: "PriceQuote",
    description:
      "The answer to `?dry_run=true`: nothing was created, charged or sent, so the document has only `meta`.",
  });
export const GiftListDocument = z
  .strictObject({ data: z.array(Gift), included: Included, links: PageLinks.optional() })
  .meta({ id: "GiftList" });

export const Charge = resource(
  "charges",
  "Charge",
  "One line of the team's ledger: a charge's share for one gift (a bulk charge of n gifts is n lines of each gift's price, which add up to the charge), or a refund (a negative amount). Ids are stable: `chg_<charge>_<gift>` (`chg_<charge>` for a charge with no gift to itemise it by) and `rfd_<refund>`.",
  {
    kind: z.enum(["charge", "refund"]),
    amount: money.meta({ description: "Negative for refunds.", example: "-25.00" }),
    currency,
    description: z.string().meta({ description: "What the ledger entry was for, as the team's page shows it." }),
    gift: z.string().nullable().meta({ description: "The gift (`gft_…`) the line is for." }),
    batch: NamedRef.nullable().meta({
      description: "The gift's batch (a bulk request or CSV upload); null for a gift created alone.",
    }),
    charge: z.string().meta({
      description:
        "The ledger entry the line is part of: the charge, or for a refund the refund itself. Its lines add up to the entry's amount.",
    }),
    "refund-of": z
      .string()
      .nullable()
      .meta({ description: "For a refund, the charge it gives back part of; null for charges." }),
    "caused-by": z
      .strictObject({
        via: z.enum(["token", "oauth", "session", "system"]).meta({
          description: "A developer token, an OAuth token, the website (session), or Ribbon itself (a job).",
        }),
        credential: z
          .string()
          .regex(/^(tok|oat)_\d+$/)
          .nullable()
          .meta({
            description:
              "The credential, one key across kinds: `tok_<id>` a developer token, `oat_<id>` an OAuth token; null for session and system.",
            example: "tok_12",
          }),
        "credential-id": z.string().nullable().meta({
          description:
            "Deprecated: use `credential`. The developer or OAuth token's id, unique only together with `via` (token 1 and OAuth token 1 are two credentials); null for session and system.",
        }),
        user: z.string().nullable().meta({ description: "The person's id; null for system." }),
      })
      .nullable()
      .meta({ description: "Who caused the ledger entry. Recorded since 2026-11-26: null on earlier entries." }),
    "created-at": timestamp,
    conversion: z
      .strictObject({
        from: currency.meta({ description: "The collection's currency." }),
        "product-maximum": money.meta({ description: "One gift's price in `from`." }),
        shipping: money.meta({ description: "One gift's shipping in `from`." }),
        rate: z
          .string()
          .meta({ description: "Units of the line's `currency` per one `from`, exact.", example: "0.9839614287" }),
        "rate-date": z.string().meta({ format: "date" }),
        "rate-source": z.string(),
        quote: z
          .string()
          .nullable()
          .meta({ description: "The quote (`quo_…`) the charge was made from; null: converted at the day's rate." }),
      })
      .nullable()
      .meta({
        description:
          "A charge converted from the collection's currency into the team's: its parts and the rate (docs/international.md); null for refunds and for charges in the collection's own currency.",
      }),
    duties: money
      .nullable()
      .meta({ description: "The estimated import duty among `amount`; null: none estimated, and for refunds." }),
    taxes: money
      .nullable()
      .meta({ description: "The estimated import VAT, GST or ICMS among `amount`; null as for `duties`." }),
  },
);

export const ChargeList = z.strictObject({ data: z.array(Charge), links: PageLinks }).meta({ id: "ChargeList" });

export const ChargeCsv = z.string().meta({
  id: "ChargeCsv",
  description:
    "RFC 4180 CSV (CRLF line ends), a header row then one row per line item: `id,kind,amount,currency,created_at,gift,batch_id,batch_name,charge,description,actor_via,credential_id,credential` (`credential` is the one key of the credential, `tok_12` or `oat_3`; `credential_id` alone is ambiguous across kinds and kept for existing imports). A text cell beginning with `=`, `+`, `-`, `@`, a tab or a CR gets a leading `'` so spreadsheets never run it as a formula; plain numbers (a refund's `-25.00`) are left as they are.",
  example:
    "id,kind,amount,currency,created_at,gift,batch_id,batch_name,charge,description,actor_via,credential_id,credential\r\nrfd_8,refund,-25.00,USD,2026-11-26T10:00:00.000Z,gft_…,,,8,Refund for cancelled gift gft_…,token,3,tok_3\r\n",
});

export const ErrorObject = z
  .strictObject({
    title: z
      .string()
      .meta({ description: "`ApiError` (validation), `BillingError`, or the HTTP reason (`NotFound`, …)." }),
    status: z
      .number()
      .int()
      .meta({ description: "422 for ApiError entries, 400 for BillingError, else the HTTP status." }),
    code: z.string().meta({ description: "Stable machine-readable code (see the list of error codes)." }),
    detail: z.string(),
    source: z.strictObject({ pointer: z.string().optional(), parameter: z.string().optional() }).optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
    links: z.strictObject({ about: url }),
  })
  .meta({ id: "Error" });

export const ErrorDocument = z
  .strictObject({
    errors: z.array(ErrorObject).min(1).max(100),
    meta: z.strictObject({
      "request-id": z.string(),
      "errors-total": z
        .number()
        .int()
        .optional()
        .meta({ description: "Only when there were more than 100 problems: how many there were." }),
      "errors-shown": z
        .number()
        .int()
        .optional()
        .meta({ description: "Only with `errors-total`: how many are listed (the first 100)." }),
    }),
  })
  .meta({
    id: "ErrorDocument",
    description:
      "Every failure. Validation reports every problem of the request at once: the first 100, with the total in `meta` past that.",
  });

const eventType = z.enum(EVENT_TYPES);

export const WebhookEndpoint = resource(
  "webhook-endpoints",
  "WebhookEndpoint",
  "A URL that receives the team's gift events, signed with the Standard Webhooks scheme.",
  {
    team: z.string(),
    url,
    description: z.string().nullable(),
    "event-types": z.array(eventType),
    enabled: z.boolean(),
    "disabled-reason": z
      .string()
      .nullable()
      .meta({ description: "Why Ribbon disabled it (after 5 days of failures), or null." }),
    "previous-secret-expires-at": timestamp
      .nullable()
      .meta({ description: "After a rotation, the old secret also signs until then." }),
    secret: z.string().optional().meta({
      description: "`whsec_…`: only in the responses of create and rotate-secret. Store it; it is never shown again.",
    }),
    "created-at": timestamp,
    "updated-at": timestamp,
  },
);

export const Event = resource(
  "events",
  "Event",
  "A stage change of a gift, as webhooks deliver it.",
  { type: eventType, stage: z.enum(STAGES), message: z.string().nullable(), "created-at": timestamp },
  { gift: relationship("gifts") },
);

export const WebhookAttempt = resource(
  "webhook-attempts",
  "WebhookAttempt",
  "One attempt to deliver an event to an endpoint.",
  {
    "webhook-id": z.string().meta({ description: "The `webhook-id` header sent (the same on every retry)." }),
    "event-type": eventType,
    attempt: z.number().int(),
    succeeded: z.boolean(),
    "response-status": z.number().int().nullable(),
    "duration-ms": z.number().int().nullable(),
    "response-body": z.string().nullable().meta({ description: "The first 1 KB of the receiver's response." }),
    error: z.string().nullable(),
    replay: z.boolean(),
    "created-at": timestamp,
  },
  { event: relationship("events") },
);

export const WebhookEndpointDocument = z
  .strictObject({ data: WebhookEndpoint })
  .meta({ id: "WebhookEndpointDocument" });
export const WebhookEndpointList = listOf(WebhookEndpoint, "WebhookEndpointList");
export const EventList = z.strictObject({ data: z.array(Event), links: PageLinks }).meta({ id: "EventList" });
export const WebhookAttemptList = z
  .strictObject({ data: z.array(WebhookAttempt), links: PageLinks })
  .meta({ id: "WebhookAttemptList" });
export const ReplayResult = z
  .strictObject({ meta: z.strictObject({ "replay-id": z.string(), deliveries: z.number().int(), since: timestamp }) })
  .meta({ id: "ReplayResult", description: "How many deliveries the replay queued." });

/** The body Ribbon POSTs to a webhook endpoint. */
export const WebhookPayload = z.strictObject({ type: eventType, timestamp, data: Gift }).meta({
  id: "WebhookPayload",
  description:
    "Headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256 of id.timestamp.body>`) follow the Standard Webhooks scheme.",
});

export const ReminderSettingsDocument = z
  .strictObject({
    data: z.strictObject({
      type: z.literal("reminder-settings"),
      id: z.string().meta({ description: "The team's id." }),
      attributes: z.strictObject({
        cadence: z.array(z.string()).meta({
          description: "The reminders a new email gift gets unless its request gives `reminders`.",
          example: ["P3D", "P7D", "-P2D"],
        }),
        "quiet-hours": z
          .string()
          .meta({ description: "When no reminder goes out, in the recipient's `time_zone`.", example: "21:00-08:00" }),
      }),
    }),
  })
  .meta({ id: "ReminderSettings", description: "A team's default reminder cadence." });

export const SwapCollectionsDocument = z
  .strictObject({
    data: z.strictObject({
      type: z.literal("swap-collections"),
      id: z.string().meta({ description: "The team's id." }),
      attributes: z.strictObject({
        "collection-ids": z.array(z.string()).meta({
          description: "The team's swap collections, in the order the owner gave.",
          example: ["3", "7"],
        }),
      }),
    }),
  })
  .meta({ id: "SwapCollections", description: "A team's swap collections." });

export const SimulationDocument = z
  .strictObject({
    data: Gift,
    included: Included,
    meta: z
      .strictObject({
        fired: z.array(
          z.strictObject({
            gift: z.string().meta({ description: "The gift it happened to (a batch advance moves several)." }),
            type: eventType,
            at: timestamp.meta({ description: "The gift's clock time it happened at." }),
          }),
        ),
      })
      .optional()
      .meta({ description: "With `advance`: what fired while the clock moved, in time order." }),
  })
  .meta({ id: "SimulationDocument" });

export const BudgetDocument = z
  .strictObject({
    data: z.strictObject({
      type: z.literal("budgets"),
      id: z.string().meta({ description: "The team's id." }),
      attributes: z.strictObject({
        period: z.string().meta({ description: "This calendar month (UTC), `YYYY-MM`." }),
        "monthly-limit": money
          .nullable()
          .meta({ description: "Live charges in a month, net of refunds, stay within it; null: no budget." }),
        "per-gift-limit": money.nullable().meta({ description: "No gift may cost more; null: no limit." }),
        "approval-above-price": money.nullable().meta({
          description: "Live gifts priced above this wait in `pending_approval` for an owner; null: never.",
        }),
        "approval-above-batch-size": z.number().int().nullable().meta({
          description: "Live gifts created more than this many at once wait for an owner; null: never.",
        }),
        spent: cents("Live charges this month, net of refunds."),
        remaining: money
          .nullable()
          .meta({ description: "What is left this month (never below 0.00); null without a monthly budget." }),
        currency,
      }),
    }),
  })
  .meta({ id: "Budget", description: "A team's spend controls and this month's spend." });

const Suppression = z
  .strictObject({
    type: z.literal("suppressions"),
    id: z.string(),
    attributes: z.strictObject({
      email: z.string().nullable().meta({
        description: "The address, lower-cased; null once the person's data was erased (matched by its hash).",
      }),
      reason: z.enum(["bounced", "complained", "manual"]).meta({
        description:
          "`bounced`: a hard bounce; `complained`: the recipient marked an email as spam; `manual`: added by the team.",
      }),
      detail: z.string().nullable().meta({ description: "The provider's words, e.g. `hard: mailbox does not exist`." }),
      gift: z.string().nullable().meta({ description: "The gift whose email bounced or was complained about." }),
      "created-at": timestamp,
    }),
  })
  .meta({ id: "Suppression" });

export const SuppressionDocument = z.strictObject({ data: Suppression }).meta({ id: "SuppressionDocument" });
export const SuppressionListDocument = z
  .strictObject({
    data: z.array(Suppression),
    links: PageLinks,
    meta: z
      .strictObject({
        added: z.number().int().meta({ description: "Addresses new to the list." }),
        given: z.number().int().meta({ description: "Distinct addresses the request gave." }),
      })
      .optional(),
  })
  .meta({
    id: "SuppressionList",
    description: "A page of the team's suppression list, newest first (`links.next`: the next page).",
  });

export const PrivacySettingsDocument = z
  .strictObject({
    data: z.strictObject({
      type: z.literal("privacy-settings"),
      id: z.string().meta({ description: "The team's id." }),
      attributes: z.strictObject({
        "recipient-data-retention-days": z.number().int().meta({
          description:
            "Days after a gift reaches a final stage (delivered, cancelled, expired, failed, rejected, declined, donated) before its recipient's data is erased. 0: never. Default 90.",
          example: 90,
        }),
      }),
    }),
  })
  .meta({ id: "PrivacySettings" });

const count = (what: string) => z.number().int().meta({ description: what });
export const ErasureDocument = z
  .strictObject({
    data: z.strictObject({
      type: z.literal("erasures"),
      id: z.string().meta({ example: "era_5f0c…" }),
      attributes: z.strictObject({
        status: z.enum(["in_progress", "completed"]).meta({
          description:
            "`completed`: nothing of the person is left. `in_progress`: still working, a short transaction at a time (poll `GET /erasures/{id}`; a second request for the address continues it).",
        }),
        "created-at": timestamp,
        "erased-at": timestamp.nullable().meta({ description: "When it completed; null while in progress." }),
        gifts: count(
          "Gifts whose recipient, copy or redemption address was the person's: name, email, copy address, note, redemption email, postal address and time zone erased.",
        ),
        emails: count("Outbox emails about those gifts or to the address: addresses and bodies erased."),
        events: count("Timeline messages of those gifts, or quoting the address, erased."),
        "webhook-deliveries": count(
          'Webhook payloads about those gifts or quoting the address replaced by `{"erased":true}`.',
        ),
        "webhook-attempts": count("Endpoints' answers to those payloads erased."),
        "idempotency-keys": count("Stored API answers that held those gifts or the address erased."),
        suppressions: count(
          "Suppression entries whose address was erased (the suppression stays, by hash; a bounce's reason keeps its words).",
        ),
        "saved-views": count("Dashboard views saved with a search for the address, deleted."),
        scrubbed: count(
          "Other texts that quoted the address, with the address replaced by `[erased]`: a gift's delivery issue after its address was corrected, batch names, past messages, endpoint descriptions.",
        ),
      }),
    }),
  })
  .meta({
    id: "Erasure",
    description: "An erasure request: how it stands and what it erased so far (counts only, nothing of the person).",
  });
