import { describe, expect, it } from "vitest";
import { sameOriginPath, sameOriginUrl } from "./urls";

// vitest.config.ts sets APP_URL=http://localhost:3000.
describe("sameOriginUrl: where a sign-in or consent may send the browser", () => {
  it("keeps paths on APP_URL, as absolute URLs on APP_URL", () => {
    expect(sameOriginUrl("/account", "/")).toBe("http://localhost:3000/account");
    expect(sameOriginUrl("/oauth2/authorize?client_id=a&redirect_uri=x#y", "/")).toBe(
      "http://localhost:3000/oauth2/authorize?client_id=a&redirect_uri=x#y",
    );
    expect(sameOriginUrl("http://localhost:3000/account", "/")).toBe("http://localhost:3000/account");
  });

  it("falls back for every other origin, however it is spelled", () => {
    for (const hostile of [
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/%5Cevil.example/x", // stays an encoded path on our origin: harmless, but check it is ours
      "/%09/evil.example",
      "\t//evil.example",
      "https://evil.example/account",
      "http://localhost:3001/account",
      "https://localhost:3000/account",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "http://localhost:3000@evil.example/",
      "",
      null,
      undefined,
    ]) {
      const url = new URL(sameOriginUrl(hostile, "/account"));
      expect(url.origin, String(hostile)).toBe("http://localhost:3000");
    }
    expect(sameOriginUrl("https://evil.example/account", "/account")).toBe("http://localhost:3000/account");
    expect(sameOriginUrl("//evil.example", "/account")).toBe("http://localhost:3000/account");
    expect(sameOriginUrl("/\\evil.example", "/account")).toBe("http://localhost:3000/account");
  });
});

describe("sameOriginPath: a callbackUrl to carry in a query string", () => {
  it("keeps the path, query and fragment of a page on APP_URL", () => {
    expect(sameOriginPath("/account", "/")).toBe("/account");
    expect(sameOriginPath("http://localhost:3000/oauth2/authorize?client_id=a&redirect_uri=x#y", "/")).toBe(
      "/oauth2/authorize?client_id=a&redirect_uri=x#y",
    );
  });

  it("falls back for other origins and for paths a browser reads as another host", () => {
    for (const hostile of [
      "https://evil.example/x",
      "//evil.example",
      "/\\evil.example",
      "http://localhost:3000//evil.example",
      "http://localhost:3000/\\evil.example",
      "javascript:alert(1)",
      "",
      null,
    ]) {
      expect(sameOriginPath(hostile, "/account"), String(hostile)).toBe("/account");
    }
  });
});
