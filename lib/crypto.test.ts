import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { base58, randomBytesPooled, randomSecret } from "./crypto";

/** The definition: the bytes as one number, in base58, padded with "1" to the length their count allows. */
function base58Reference(bytes: Uint8Array): string {
  const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  let n = BigInt("0x" + (Buffer.from(bytes).toString("hex") || "0"));
  let out = "";
  for (; n > 0n; n /= 58n) out = alphabet[Number(n % 58n)] + out;
  return out.padStart(Math.ceil((bytes.length * 8) / Math.log2(58)), "1");
}

describe("base58", () => {
  it("spells every number as the definition does, at a fixed length", () => {
    const cases = [
      Buffer.alloc(16),
      Buffer.alloc(16, 0xff),
      Buffer.from([0, 0, 0, 1, ...Array(12).fill(0)]),
      Buffer.from([1]),
      Buffer.from([57]),
      Buffer.from([58]),
      Buffer.alloc(24, 0xff),
      ...Array.from({ length: 500 }, (_, i) => randomBytes(1 + (i % 32))),
    ];
    for (const bytes of cases) expect(base58(bytes), bytes.toString("hex")).toBe(base58Reference(bytes));
    expect(base58(Buffer.alloc(16))).toBe("1".repeat(22));
  });
});

describe("randomBytesPooled", () => {
  it("never hands out the same bytes twice, across refills of the pool", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3_000; i++) seen.add(randomBytesPooled(16).toString("hex")); // ~12 refills
    expect(seen.size).toBe(3_000);
  });

  it("returns a copy the caller owns, of the size asked, also for sizes larger than the pool", () => {
    const a = randomBytesPooled(12);
    const copy = Buffer.from(a);
    randomBytesPooled(12);
    expect(a).toEqual(copy);
    expect(randomBytesPooled(7)).toHaveLength(7);
    expect(randomBytesPooled(10_000)).toHaveLength(10_000);
  });

  it("gives 128-bit secrets as 22 base58 characters", () => {
    expect(randomSecret()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{22}$/);
  });
});
