import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function base58(bytes: Uint8Array): string {
  let n = BigInt("0x" + (Buffer.from(bytes).toString("hex") || "0"));
  let out = "";
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  return out.padStart(Math.ceil((bytes.length * 8) / Math.log2(58)), "1");
}

/** A random string of `bytes` bytes of entropy (default 128 bits), base58: no look-alike characters. */
export function randomSecret(bytes = 16): string {
  return base58(randomBytes(bytes));
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function hmacSha256(key: string, value: string, encoding: "hex" | "base64url" = "hex"): string {
  return createHmac("sha256", key).update(value).digest(encoding);
}

/** Constant-time string comparison. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
