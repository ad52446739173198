import fc from "fast-check";
import { openApiDocument } from "@/lib/api/openapi/document";

/** One generated request: what the fuzzer sends, and what any answer must look like. */
export type FuzzRequest = {
  kind: "api" | "oauth" | "page";
  method: string;
  path: string; // absolute path with its query, as sent
  headers: Record<string, string | string[]>;
  body?: Uint8Array;
};

/** What the fuzzer knows about the server it hits: credentials and ids that exist there. */
export type FuzzTarget = {
  liveToken: string;
  sandboxToken: string;
  teamId: string;
  giftId: string;
  webhookEndpointId: string;
  oauthClient: { clientId: string; clientSecret: string; redirectUri: string };
  /** An untie page and its form's hidden fields (the server action's id among them); only against a real server. */
  untie?: { path: string; hiddenFields: [string, string][] };
};

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  $ref?: string;
  format?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Parameter = { name: string; in: "path" | "query" | "header"; schema?: Schema };
type Operation = { method: string; path: string; parameters: Parameter[]; body?: Schema };

const enc = new TextEncoder();

// ── hostile values ──────────────────────────────────────────────────────────────────────────
const HOSTILE_TEXT = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u202e",
  "\ud800",
  "\udfff",
  "a\ud800b",
  "😀",
  "\ufeff",
  "\uffff",
  "%",
  "%00",
  "%FF",
  "../..",
  "_",
  "*",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "${7*7}",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "1e309",
  "9007199254740993",
  "9999-12-31T23:59:59-23:59",
  "+275760-09-13T00:00:00Z",
  "2030-02-30",
  "0000-00-00",
  "1970-01-01T00:00:00Z",
  "robin@example.com",
  "a@b",
  "@",
  "javascript:alert(1)",
  "http://127.0.0.1/",
  "https://example.com/hook",
  "sandbox",
  "__proto__",
  "constructor",
  "prototype",
];
/** Text that isn't well-formed UTF-16: half a surrogate pair, alone or inside text (JSON can carry it as "\ud800"). */
const BAD_UNICODE = ["\ud800", "\udfff", "a\ud800b", "x\udc00", "\ud83d", "\ude00\ud83d"];
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.constantFrom(...BAD_UNICODE) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 10 }) },
  { weight: 1, arbitrary: fc.integer({ min: 2_000, max: 70_000 }).map((n) => "x".repeat(n)) },
);
const hostileScalar = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, true, false, null),
);
/** Nested arrays and objects, sometimes past the 64 levels the API parses. */
const nested = fc.integer({ min: 1, max: 200 }).chain((depth) =>
  fc.constantFrom("array", "object").map((shape) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = shape === "array" ? [value] : { a: value };
    return value;
  }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), hostileScalar, { maxKeys: 4 }) },
  { weight: 1, arbitrary: nested },
  { weight: 1, arbitrary: fc.array(fc.constant({}), { minLength: 500, maxLength: 12_000 }) },
);

// ── values from the OpenAPI schemas, mutated ────────────────────────────────────────────────
function resolve(doc: Record<string, unknown>, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split("/").pop()!;
  return (doc as { components: { schemas: Record<string, Schema> } }).components.schemas[name];
}

function validish(doc: Record<string, unknown>, raw: Schema, depth: number): fc.Arbitrary<unknown> {
  const schema = resolve(doc, raw);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((s) => fromSchema(doc, s, depth)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const props = Object.entries(schema.properties ?? {});
      const record: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(
        props.map(([name, s]) => [name, fromSchema(doc, s, depth + 1)]),
      );
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in record) });
    }
    case "array":
      return fc.array(fromSchema(doc, schema.items ?? {}, depth + 1), { maxLength: 5 });
    case "integer":
      return fc.integer({ min: schema.minimum ?? -10, max: schema.maximum ?? 1000 });
    case "number":
      return fc.double({ noNaN: true });
    case "boolean":
      return fc.boolean();
    case "string":
      if (schema.format === "date-time")
        return fc
          .date({ min: new Date("1990-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
          .map((d) => d.toISOString());
      if (schema.format === "date")
        return fc
          .date({ min: new Date("1990-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      if (schema.format === "email") return fc.emailAddress();
      if (schema.format === "uri") return fc.webUrl();
      return fc.string({ maxLength: Math.min(schema.maxLength ?? 40, 60) });
    default:
      return hostileScalar;
  }
}

/** A value for a schema: valid-looking most of the time, anything (wrong type, huge, nested, bad Unicode) otherwise. */
function fromSchema(doc: Record<string, unknown>, schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return hostileScalar;
  return fc.oneof({ weight: 3, arbitrary: validish(doc, schema, depth) }, { weight: 1, arbitrary: hostileValue });
}

function operations(): { doc: Record<string, unknown>; ops: Operation[] } {
  const doc = openApiDocument() as unknown as Record<string, unknown>;
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(
    doc.paths as Record<
      string,
      Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>
    >,
  )) {
    for (const [method, op] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody && Object.values(op.requestBody.content)[0]?.schema,
      });
    }
  }
  return { doc, ops };
}

// ── encodings of a body and a query ─────────────────────────────────────────────────────────
/** JSON text with the keys of the outer two levels of objects written twice (the second value wins in JSON.parse). */
function duplicateKeys(value: unknown, depth = 0): string {
  if (depth >= 2) return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map((v) => duplicateKeys(v, depth + 1)).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${duplicateKeys(v, depth + 1)}`);
    return `{${[...entries, ...entries].join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

const BAD_BYTES = [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0x80], [0xe2, 0x82]];

const bodyEncoding = fc.constantFrom(
  "json",
  "json",
  "json",
  "duplicate-keys",
  "bad-utf8",
  "bom",
  "truncated",
  "form",
  "empty",
  "proto",
);
function encodeBody(value: unknown, how: string, badBytes: number[]): Uint8Array {
  const json = JSON.stringify(value) ?? "null";
  switch (how) {
    case "duplicate-keys":
      return enc.encode(duplicateKeys(value));
    case "bad-utf8": {
      const at = Math.floor(json.length / 2);
      return Uint8Array.from([...enc.encode(json.slice(0, at)), ...badBytes, ...enc.encode(json.slice(at))]);
    }
    case "bom":
      return enc.encode(`\ufeff${json}`);
    case "truncated":
      return enc.encode(json.slice(0, Math.max(1, json.length - 3)));
    case "form":
      return enc.encode(new URLSearchParams({ gift: json, "gift[name]": "x" }).toString());
    case "empty":
      return new Uint8Array(0);
    case "proto": // Object.prototype's names as keys, at the top and inside the first nested object
      return enc.encode(
        json
          .replace(/^(\{[^{]*?:\{)(?=")/, '$1"constructor":"x","toString":"x","hasOwnProperty":1,')
          .replace(/^\{/, '{"__proto__":{"admin":true},"constructor":{"prototype":{}},'),
      );
    default:
      return enc.encode(json);
  }
}

/**
 * Percent-encodes UTF-8 bytes (a lone surrogate becomes U+FFFD, where encodeURIComponent throws).
 * A URL stays under 40 KB (values cut at 4,000 characters, the query at 40,000): past 16 KB Node
 * answers 431 in the path's format (scripts/http-guard.mjs), but a request line longer than a TCP
 * segment (64 KB) can reach the guard without its path, and then gets the page format.
 */
function pct(s: string, keep = /[A-Za-z0-9\-_.~[\]]/): string {
  return [...Buffer.from(s.slice(0, 4_000), "utf8")]
    .map((b) =>
      b < 0x80 && keep.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
}
/** Raw: only what can't go on the request line is encoded, so `%zz`, quotes and brackets arrive as they are. */
const raw = (s: string) => pct(s, /[!-~]/).replace(/[#?&=/]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A query string from name → values; names and values percent-encoded, or sometimes raw. */
function queryString(pairs: [string, string][], rawly: boolean): string {
  if (pairs.length === 0) return "";
  const part = (s: string) => (rawly ? raw(s) : pct(s));
  return `?${pairs.map(([k, v]) => `${part(k)}=${part(v)}`).join("&")}`.slice(0, 40_000);
}

// ── headers and methods ─────────────────────────────────────────────────────────────────────
const latin1 = (s: string) => s.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, "?");
const CONTENT_TYPES = [
  "application/json",
  "application/vnd.api+json",
  "application/json; charset=latin1",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "application/xml",
  "",
  "*/*",
  "application/json; charset=utf-16",
];
// Not CONNECT: Node hands it to the server's "connect" event (a tunnel), never to a route.
const ODD_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "PROPFIND", "SEARCH", "MKCOL"];

function authHeader(target: FuzzTarget): fc.Arbitrary<Record<string, string | string[]>> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant({ authorization: `Bearer ${target.sandboxToken}` }) },
    { weight: 4, arbitrary: fc.constant({ authorization: `Bearer ${target.liveToken}` }) },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: hostileString.map((s) => ({ authorization: latin1(`Bearer ${s.slice(0, 3000)}`) })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          "Basic Og==",
          "Bearer",
          "bearer  x",
          "Token abc",
          `Bearer ${"rbn_live_".padEnd(300, "A")}`,
          "Bearer rbn_sbox_\u00ff",
        )
        .map((a) => ({ authorization: a })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        authorization: [`Bearer ${target.sandboxToken}`, `Bearer ${target.liveToken}`] as string[],
      }),
    },
  );
}

const oddHeaders: fc.Arbitrary<Record<string, string | string[]>> = fc.record(
  {
    "idempotency-key": fc.oneof(
      hostileString.map((s) => latin1(s.slice(0, 400))),
      fc.constant("x".repeat(256)),
      fc.constant(["a", "b"] as string[]),
    ),
    accept: fc.constantFrom(
      "application/vnd.api+json",
      "text/html",
      "*/*",
      "application/xml",
      "application/vnd.api+json; ext=bad",
      "",
    ),
    "x-forwarded-for": fc.constantFrom("1.2.3.4", "::1, 10.0.0.1", "not-an-ip", "999.999.999.999"),
    "x-forwarded-host": fc.constantFrom("evil.example", "", "a b"),
    "x-ribbon-client-ip": fc.constantFrom("1.2.3.4", "\u00ff"),
    origin: fc.constantFrom("https://evil.example", "null"),
    cookie: fc.constantFrom("authjs.session-token=x", "a=%ff; b", ""),
    range: fc.constantFrom("bytes=0-1", "bytes=x"),
    "if-none-match": fc.constantFrom("*", '"x"'),
    "accept-encoding": fc.constantFrom("gzip", "br;q=2", "x"),
  },
  { requiredKeys: [] },
);

// ── the generators ─────────────────────────────────────────────────────────────────────────
function apiRequests(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const { doc, ops } = operations();
  const teamId = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom("sandbox", target.teamId) },
    { weight: 1, arbitrary: hostileString },
  );
  const idFor = (path: string) => {
    const real = path.includes("webhook-endpoints") ? target.webhookEndpointId : target.giftId;
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant(real) },
      { weight: 2, arbitrary: hostileString },
      { weight: 1, arbitrary: fc.constantFrom("gft_0", "whe_0", "..", "%2e%2e") },
    );
  };
  return fc.constantFrom(...ops).chain((op) => {
    const query = op.parameters.filter((p) => p.in === "query");
    const queryPairs = fc.array(
      fc.oneof(
        {
          weight: 4,
          arbitrary:
            query.length > 0
              ? fc
                  .constantFrom(...query)
                  .chain((p) =>
                    fc.tuple(
                      fc.constant(p.name),
                      fc.oneof(validish(doc, p.schema ?? {}, 0).map(String), hostileString),
                    ),
                  )
              : fc.tuple(fc.constant("page[size]"), hostileString),
        },
        {
          weight: 1,
          arbitrary: fc.tuple(
            fc.constantFrom(
              "page[size][]",
              "filter[x]",
              "include",
              "fields[gifts]",
              "sort",
              "access_token",
              "page",
              "filter",
            ),
            hostileString,
          ),
        },
      ),
      { maxLength: 5 },
    ); // the same name may come twice: duplicated parameters
    return fc
      .record({
        team: teamId,
        id: idFor(op.path),
        rawPath: fc.boolean(),
        query: queryPairs,
        rawQuery: fc.boolean(),
        method: fc.oneof(
          { weight: 9, arbitrary: fc.constant(op.method) },
          { weight: 1, arbitrary: fc.constantFrom(...ODD_METHODS) },
        ),
        body: op.body ? fromSchema(doc, op.body) : fc.oneof(fc.constant(undefined), hostileValue),
        bodyHow: bodyEncoding,
        badBytes: fc.constantFrom(...BAD_BYTES),
        contentType: fc.oneof(
          { weight: 6, arbitrary: fc.constant("application/json") },
          { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
        ),
        auth: authHeader(target),
        extra: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: oddHeaders }),
      })
      .map((r): FuzzRequest => {
        const segment = (s: string) => (r.rawPath ? raw(s) : pct(s)) || "_";
        const path = op.path.replace("{team_id}", segment(r.team)).replace("{id}", segment(r.id));
        const headers: Record<string, string | string[]> = { ...r.extra, ...r.auth };
        let body: Uint8Array | undefined;
        if (r.body !== undefined && r.method !== "GET" && r.method !== "HEAD") {
          body = encodeBody(r.body, r.bodyHow, r.badBytes);
          if (r.contentType) headers["content-type"] = r.contentType;
        }
        return {
          kind: "api",
          method: r.method,
          path: `/api/v1${path}${queryString(r.query, r.rawQuery)}`,
          headers,
          body,
        };
      });
  });
}

function oauthTokenRequests(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const names = fc.constantFrom(
    "grant_type",
    "client_id",
    "client_secret",
    "code",
    "redirect_uri",
    "code_verifier",
    "scope",
    "refresh_token",
    "x",
  );
  const value = fc.oneof(
    { weight: 3, arbitrary: hostileString },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "authorization_code",
        target.oauthClient.clientId,
        target.oauthClient.clientSecret,
        target.oauthClient.redirectUri,
        "client_credentials",
        "refresh_token",
      ),
    },
  );
  // Mostly a whole exchange with one to three fields spoilt, so that requests get past the first check.
  const { clientId, clientSecret, redirectUri } = target.oauthClient;
  const exchange: [string, string][] = [
    ["grant_type", "authorization_code"],
    ["client_id", clientId],
    ["client_secret", clientSecret],
    ["code", "c0de"],
    ["redirect_uri", redirectUri],
    ["code_verifier", "v".repeat(43)],
  ];
  const spoilt = fc
    .tuple(
      fc.subarray(
        exchange.map((_, i) => i),
        { minLength: 1, maxLength: 3 },
      ),
      fc.array(hostileString, { minLength: 3, maxLength: 3 }),
      fc.array(fc.tuple(names, value), { maxLength: 2 }),
    )
    .map(([indexes, values, extra]) => [
      ...exchange.map(([k, v], i): [string, string] => [k, indexes.includes(i) ? values[indexes.indexOf(i)] : v]),
      ...extra,
    ]);
  return fc
    .record({
      fields: fc.oneof(
        { weight: 2, arbitrary: spoilt },
        {
          weight: 1,
          arbitrary: fc.array(fc.tuple(names, value), { maxLength: 9 }) as fc.Arbitrary<[string, string][]>,
        },
      ),
      how: fc.constantFrom("form", "form", "json", "json", "multipart", "bad-utf8", "raw"),
      basic: fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(value, value)
            .map(([id, secret]) => `Basic ${Buffer.from(`${pct(id)}:${pct(secret)}`).toString("base64")}`),
        },
        { weight: 1, arbitrary: hostileString.map((s) => latin1(`Basic ${s.slice(0, 200)}`)) },
      ),
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant("POST") },
        { weight: 1, arbitrary: fc.constantFrom(...ODD_METHODS) },
      ),
      contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }),
    })
    .map((r): FuzzRequest => {
      const headers: Record<string, string | string[]> = {};
      if (r.basic) headers.authorization = r.basic;
      let body: Uint8Array;
      if (r.how === "json") {
        body = enc.encode(duplicateKeys(Object.fromEntries(r.fields)));
        headers["content-type"] = "application/json";
      } else if (r.how === "multipart") {
        const boundary = "fuzzboundary";
        body = enc.encode(
          r.fields
            .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
            .join("") + `--${boundary}--\r\n`,
        );
        headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
      } else if (r.how === "bad-utf8") {
        body = Uint8Array.from([...enc.encode("grant_type=authorization_code&code="), 0xff, 0xfe]);
        headers["content-type"] = "application/x-www-form-urlencoded";
      } else {
        body = enc.encode(new URLSearchParams(r.fields).toString());
        headers["content-type"] =
          r.how === "raw" && r.contentType !== undefined ? r.contentType : "application/x-www-form-urlencoded";
      }
      return {
        kind: "oauth",
        method: r.method,
        path: "/oauth2/token",
        headers,
        body: r.method === "GET" || r.method === "HEAD" ? undefined : body,
      };
    });
}

function authorizeRequests(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const names = fc.constantFrom(
    "client_id",
    "redirect_uri",
    "response_type",
    "state",
    "code_challenge",
    "code_challenge_method",
    "scope",
    "prompt",
  );
  const value = fc.oneof(
    { weight: 3, arbitrary: hostileString },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        target.oauthClient.clientId,
        target.oauthClient.redirectUri,
        "code",
        "S256",
        "plain",
        "token",
        "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      ),
    },
  );
  const valid = (): [string, string][] => [
    ["client_id", target.oauthClient.clientId],
    ["redirect_uri", target.oauthClient.redirectUri],
    ["response_type", "code"],
    ["state", "s"],
  ];
  return fc
    .record({
      base: fc.boolean(),
      fields: fc.array(fc.tuple(names, value), { maxLength: 8 }),
      raw: fc.boolean(),
      auth: fc.constantFrom<Record<string, string>>({}, { cookie: "authjs.session-token=forged" }),
    })
    .map((r): FuzzRequest => {
      const fields = r.base ? [...valid().filter(([k]) => !r.fields.some(([f]) => f === k)), ...r.fields] : r.fields;
      return { kind: "page", method: "GET", path: `/oauth2/authorize${queryString(fields, r.raw)}`, headers: r.auth };
    });
}

function signInRequests(): fc.Arbitrary<FuzzRequest> {
  const form = fc.array(
    fc.tuple(fc.constantFrom("email", "csrfToken", "callbackUrl", "redirect", "x"), hostileString),
    { maxLength: 5 },
  );
  return fc.oneof(
    form.map((fields): FuzzRequest => ({
      kind: "page",
      method: "POST",
      path: "/api/auth/signin/email",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: "authjs.csrf-token=forged%7Cforged" },
      body: enc.encode(new URLSearchParams(fields).toString()),
    })),
    fc.tuple(fc.constantFrom("callbackUrl", "error", "email"), hostileString).map(([k, v]): FuzzRequest => ({
      kind: "page",
      method: "GET",
      path: `/signin${queryString([[k, v]], false)}`,
      headers: {},
    })),
    fc.tuple(hostileString, hostileString).map(([token, email]): FuzzRequest => ({
      kind: "page",
      method: "GET",
      path: `/api/auth/callback/email${queryString(
        [
          ["token", token],
          ["email", email],
        ],
        false,
      )}`,
      headers: {},
    })),
    fc
      .constantFrom(
        "signin",
        "signout",
        "session",
        "csrf",
        "providers",
        "callback/nope",
        "error",
        "verify-request",
        "x%FF",
      )
      .map((action): FuzzRequest => ({ kind: "page", method: "GET", path: `/api/auth/${action}`, headers: {} })),
  );
}

function untieRequests(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const untie = target.untie!;
  const names = fc.constantFrom(
    "secret",
    "productId",
    "variant_1",
    "fullName",
    "line1",
    "line2",
    "city",
    "region",
    "postalCode",
    "country",
    "phone",
    "email",
    "thankYouNote",
    "x",
  );
  return fc.oneof(
    fc
      .record({
        fields: fc.array(fc.tuple(names, hostileString), { maxLength: 12 }),
        hidden: fc.subarray(untie.hiddenFields),
        mangled: fc.option(fc.tuple(fc.constantFrom(...untie.hiddenFields.map(([k]) => k)), hostileString)),
      })
      .map(({ fields, hidden, mangled }): FuzzRequest => {
        const boundary = "fuzzboundary";
        const parts = [...hidden, ...(mangled ? [mangled] : []), ...fields].map(
          ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
        );
        return {
          kind: "page",
          method: "POST",
          path: untie.path,
          headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
          body: enc.encode(parts.join("") + `--${boundary}--\r\n`),
        };
      }),
    hostileString.map((token): FuzzRequest => ({
      kind: "page",
      method: "GET",
      path: `/untie/${pct(token) || "_"}`,
      headers: {},
    })),
    hostileString.map((token): FuzzRequest => ({
      kind: "page",
      method: "POST",
      path: `/untie/${pct(token) || "_"}/opened`,
      headers: {},
    })),
  );
}

export type FuzzMix = { api: number; token: number; authorize: number; signIn: number; untie: number };
/** About 70% to the API's operations (from the OpenAPI document), the rest to the OAuth forms, sign-in and an untie page's form. */
export const FULL_MIX: FuzzMix = { api: 70, token: 10, authorize: 6, signIn: 6, untie: 8 };

/** `count` requests from `seed`, in the proportions of `mix`: the same seed always gives the same requests. */
export function generateRequests(
  target: FuzzTarget,
  seed: number,
  count: number,
  mix: FuzzMix = FULL_MIX,
): FuzzRequest[] {
  const arbitraries: { weight: number; arbitrary: fc.Arbitrary<FuzzRequest> }[] = [
    { weight: mix.api, arbitrary: apiRequests(target) },
    { weight: mix.token, arbitrary: oauthTokenRequests(target) },
    { weight: mix.authorize, arbitrary: authorizeRequests(target) },
    { weight: mix.signIn, arbitrary: signInRequests() },
  ];
  if (target.untie) arbitraries.push({ weight: mix.untie, arbitrary: untieRequests(target) });
  return fc.sample(fc.oneof(...arbitraries.filter((a) => a.weight > 0)), { seed, numRuns: count });
}
