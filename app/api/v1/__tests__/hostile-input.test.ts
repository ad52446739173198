import { beforeAll, describe, expect, it } from "vitest";
import * as gifts from "@/app/api/v1/teams/[team_id]/gifts/route";
import * as token from "@/app/oauth2/token/route";
import { apiAs, callApi } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { counts, expectError, expectValidation, giftBody, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();
let a: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  a = await createAccount(t.db);
});

/** A body streamed in chunks without a Content-Length, as a chunked upload arrives. */
function streamed(chunk: Uint8Array, times: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ < times) controller.enqueue(chunk);
      else controller.close();
    },
  });
}

const postGift = (body: BodyInit, headers: Record<string, string> = {}) =>
  gifts.POST(
    new Request("http://localhost:3000/api/v1/gifts", {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${a.tokens.live}`, ...headers },
      duplex: "half",
    } as RequestInit),
  );

describe("request bodies are read as a stream and cut off at the limit", () => {
  it("a chunked body past 1 MB is a 413 long before it is all read", async () => {
    let pulled = 0;
    const mb = new Uint8Array(1024 * 1024).fill(0x20);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(mb);
        if (pulled > 400) controller.close(); // 400 MB if nobody stopped reading
      },
    });
    const res = await postGift(body);
    expect(res.status).toBe(413);
    expect((await res.json()).errors[0].code).toBe("payload_too_large");
    expect(pulled).toBeLessThan(4);
  });

  it("counts bytes, not characters: 400,000 euro signs (1.2 MB) are a 413", async () => {
    const euros = new TextEncoder().encode("€".repeat(100_000)); // 300 KB
    expect((await postGift(streamed(euros, 4))).status).toBe(413);
    expect((await postGift(streamed(euros, 3))).status).not.toBe(413);
  });

  it("a body that is not UTF-8 is a 400", async () => {
    expectError({ ...(await asResult(await postGift(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])))) }, 400, "BadRequest");
  });

  it("JSON nested 10,000 deep (with an Idempotency-Key) is a 400, not a stack overflow", async () => {
    const deep = `{"gift":${"[".repeat(10_000)}${"]".repeat(10_000)}}`;
    const res = await callApi("POST", "/gifts", {
      token: a.tokens.live,
      rawBody: deep,
      headers: { "content-type": "application/json", "Idempotency-Key": "deep-1" },
    });
    expect(expectError(res, 400, "BadRequest").detail).toContain("nested");
  });
});

async function asResult(res: Response) {
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text) };
}

describe("values that once caused a 500 are 4xx now", () => {
  it("a scheduled_at that is year 10000 in UTC", async () => {
    const before = await counts(t.db);
    const problems = expectValidation(
      await apiAs(a.tokens.live).post("/gifts", giftBody({ scheduled_at: "9999-12-31T23:59:59-23:59" })),
    );
    expect(problems).toEqual([
      { pointer: "/gift/scheduled_at", detail: expect.stringContaining("ISO 8601"), code: "invalid_timestamp" },
    ]);
    expect(await counts(t.db)).toEqual(before);
  });

  it("a page[after] cursor dated +275760", async () => {
    const cursor = Buffer.from("+275760-09-13T00:00:00.000Z|gft_x").toString("base64url");
    expectError(await apiAs(a.tokens.live).get(`/gifts?page[after]=${cursor}`), 400, "BadRequest");
  });

  it("NUL, control characters and 3 KB values in /oauth2/token fields", async () => {
    for (const client_id of ["a\u0000b", "a\nb", "x".repeat(3000)]) {
      const res = await token.POST(
        new Request("http://localhost:3000/oauth2/token", {
          method: "POST",
          body: new URLSearchParams({
            client_id,
            client_secret: "s",
            code: "c",
            grant_type: "authorization_code",
            redirect_uri: "https://example.com/cb",
          }),
        }),
      );
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe("invalid_request");
    }
    const basic = `Basic ${Buffer.from("a%00b:secret").toString("base64")}`;
    const res = await token.POST(
      new Request("http://localhost:3000/oauth2/token", {
        method: "POST",
        headers: { authorization: basic },
        body: new URLSearchParams({ grant_type: "authorization_code", code: "c" }),
      }),
    );
    expect(res.status).toBe(400);
  });

  it("an oversized token request is a 413 in the OAuth error format, refused while streaming", async () => {
    const res = await token.POST(
      new Request("http://localhost:3000/oauth2/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: streamed(new TextEncoder().encode("a".repeat(64 * 1024)), 100),
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: "invalid_request",
      error_description: "The request body is larger than 64 KB.",
    });
  });
});
