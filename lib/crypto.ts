import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** The bytes as one big-endian number in base58, left-padded with "1" (zero) to a length fixed by their count. */
export function base58(bytes: Uint8Array): string {
  const length = Math.ceil((bytes.length * 8) / Math.log2(58));
  const digits = new Uint8Array(length); // base-58 digits, least significant first
  let used = 0; // digits that can be non-zero so far
  for (const byte of bytes) {
    let carry = byte;
    let i = 0;
    for (; i < used || carry !== 0; i++) {
      carry += digits[i] * 256;
      const quotient = (carry / 58) | 0;
      digits[i] = carry - quotient * 58;
      carry = quotient;
    }
    used = i;
  }
  let out = "";
  for (let i = length - 1; i >= 0; i--) out += BASE58[digits[i]];
  return out;
}

// OpenSSL 3 takes locks on every call for random bytes: a bulk create's 10,000 gift ids spent
// 64 ms there. Like crypto.randomUUID, draw from the CSPRNG in batches and hand each byte out once.
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** `size` bytes from the CSPRNG, never handed out twice. */
export function randomBytesPooled(size: number): Buffer {
  if (size > POOL_SIZE / 4) return randomBytes(size);
  if (poolOffset + size > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + size));
  pool.fill(0, poolOffset, poolOffset + size);
  poolOffset += size;
  return bytes;
}

/** A random string of `bytes` bytes of entropy (default 128 bits), base58: no look-alike characters. */
export function randomSecret(bytes = 16): string {
  return base58(randomBytesPooled(bytes));
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
