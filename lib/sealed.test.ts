import { expect, test } from "vitest";
import { seal, unseal } from "./sealed";

test("a sealed value opens for its purpose only, and never twice the same ciphertext", () => {
  const link = "https://gifts.example.test/api/auth/callback/email?token=abc";
  const a = seal("queued email links", link);
  const b = seal("queued email links", link);
  expect(a).toMatch(/^v1:/);
  expect(a).not.toContain("abc");
  expect(a).not.toBe(b); // a fresh IV each time
  expect(unseal("queued email links", a)).toBe(link);
  expect(() => unseal("webhook signing secrets", a)).toThrow();
});

test("a tampered or foreign value is refused, not opened to garbage", () => {
  const sealed = seal("queued email links", "secret");
  const bytes = Buffer.from(sealed.slice(3), "base64url");
  bytes[bytes.length - 1] ^= 1;
  expect(() => unseal("queued email links", `v1:${bytes.toString("base64url")}`)).toThrow();
  expect(() => unseal("queued email links", "v2:abc")).toThrow(/Unknown sealed/);
  expect(() => unseal("queued email links", "plain text")).toThrow(/Unknown sealed/);
});
