import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./server";
import { untiePage } from "./untie";

// Answers the fuzzer (tests/server/fuzz.test.ts) found broken on the real server: each was an
// empty or plain-text answer, the wrong format for its path, or a 500.
const PORT = Number(process.env.EDGE_PORT) || 4233;
let server: RunningServer;
let untie: Awaited<ReturnType<typeof untiePage>>;

beforeAll(async () => {
  server = await startServer(PORT);
  untie = await untiePage(server);
});

afterAll(async () => {
  await server?.stop();
});

type Answer = { status: number; type: string; body: string };
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, { method, headers, agent: false }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () =>
        resolve({ status: res.statusCode!, type: String(res.headers["content-type"] ?? ""), body: text }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

const expectJsonApi = (a: Answer, status: number, code: string) => {
  expect(a.status).toBe(status);
  expect(a.type).toBe("application/vnd.api+json");
  expect(JSON.parse(a.body).errors[0]).toMatchObject({ status, code });
};
const expectOAuth = (a: Answer, status: number) => {
  expect(a.status).toBe(status);
  expect(a.type).toContain("application/json");
  expect(JSON.parse(a.body)).toMatchObject({ error: "invalid_request", error_description: expect.any(String) });
};
const expectPage = (a: Answer, status: number) => {
  expect(a.status, a.body.slice(0, 200)).toBe(status);
  expect(a.type).toContain("text/html");
  expect(a.body).toMatch(/<html/);
};

describe("methods Node takes but Next can't serve (PROPFIND, SEARCH, MKCOL): 405 in the path's format", () => {
  it.each(["PROPFIND", "SEARCH", "MKCOL"])("%s", async (method) => {
    expectJsonApi(await send(method, "/api/v1/gifts"), 405, "method_not_allowed");
    expectOAuth(await send(method, "/oauth2/token"), 405);
    expectPage(await send(method, "/signin"), 405);
  });
});

describe("headers over 16 KB: 431 in the path's format, not Node's empty answer", () => {
  const long = "x".repeat(20_000);
  it("on the API, /oauth2/token and a page", async () => {
    expectJsonApi(await send("GET", `/api/v1/gifts?q=${long}`), 431, "request_header_fields_too_large");
    expectOAuth(await send("POST", "/oauth2/token", { "x-long": long }), 431);
    expectPage(await send("GET", `/signin?q=${long}`), 431);
    // HEAD gets the status without a body (a body there breaks the client's parser).
    const head = await send("HEAD", `/api/v1/gifts?q=${long}`);
    expect([head.status, head.type, head.body]).toEqual([431, "application/vnd.api+json", ""]);
  });
});

it("a sign-in path that isn't valid percent-encoding is the site's 404 page, not a JSON:API document", async () => {
  expectPage(await send("GET", "/api/auth/x%FF"), 404);
});

describe("the untie form posted without JavaScript", () => {
  const multipart = (fields: [string, string][]) => {
    const boundary = "edgeboundary";
    const body =
      fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("") +
      `--${boundary}--\r\n`;
    return [{ "content-type": `multipart/form-data; boundary=${boundary}` }, body] as const;
  };

  it("without its action fields: a 400 page, not Next's plain text", async () => {
    expectPage(await send("POST", untie.path, ...multipart([["city", "x"]])), 400);
  });

  it("with an action field that isn't JSON: a 400 page, not a 500", async () => {
    const fields = untie.hiddenFields.map(([k, v]): [string, string] => [k, k.endsWith(":1") ? ";&V*b" : v]);
    expect(fields.some(([k]) => k.endsWith(":1"))).toBe(true);
    expectPage(await send("POST", untie.path, ...multipart(fields)), 400);
  });

  it("with a field its action refers to left out: a 400 page, not a 500; with all of them, the page again", async () => {
    expectPage(
      await send("POST", untie.path, ...multipart(untie.hiddenFields.filter(([k]) => !k.endsWith(":1")))),
      400,
    );
    const whole = await send("POST", untie.path, ...multipart(untie.hiddenFields)); // no product chosen: the page shows its problems
    expect([whole.status, whole.type]).toEqual([200, expect.stringContaining("text/html")]);
  });
});

describe("a form with more fields than any form of ours", () => {
  /** A multipart body of `n` one-byte fields, written in chunks of `chunk` bytes (boundaries split between chunks). */
  function postFields(n: number, chunk: number): Promise<Answer> {
    const boundary = "----stallfields";
    const body = Buffer.from(
      `${Array.from({ length: n }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join("")}--${boundary}--\r\n`,
    );
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${server.url}/signin`,
        {
          method: "POST",
          headers: { "content-type": `multipart/form-data; boundary=${boundary}`, origin: server.url },
          agent: false,
        },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () =>
            resolve({ status: res.statusCode!, type: String(res.headers["content-type"] ?? ""), body: text }),
          );
        },
      );
      req.on("error", reject);
      for (let at = 0; at < body.length; at += chunk) req.write(body.subarray(at, at + chunk));
      req.end();
    });
  }

  it("is refused with a page that says the limit (FORM_FIELDS_LIMIT), counted as the body streams, boundaries split across chunks too", async () => {
    for (const chunk of [7, 64 * 1024]) {
      const refused = await postFields(1_001, chunk);
      expect(refused.status, `chunks of ${chunk} bytes`).toBe(413);
      expect(refused.type).toContain("text/html");
      expect(refused.body).toContain("A form may send at most 1,000 fields.");
    }
    // A form within the limit reaches the page (the sign-in form refuses fields it doesn't know in its own words).
    expect((await postFields(900, 7)).status).not.toBe(413);
  });
});
