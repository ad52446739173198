import { describe, expect, test } from "vitest";
import { DEFAULT_TRUSTED_PROXIES, isListed, parseTrustedProxies, resolveClientAddress } from "./trusted-proxies.mjs";

const list = (value: string) => {
  const parsed = parseTrustedProxies(value);
  if (!parsed.list) throw new Error(`bad entry ${parsed.bad}`);
  return parsed.list;
};

describe("RIBBON_TRUSTED_PROXIES", () => {
  test("addresses and CIDR ranges, IPv4 and IPv6; the default is loopback", () => {
    const proxies = list("10.0.0.5, 10.1.0.0/16 fd00::/8");
    expect(isListed(proxies, "10.0.0.5")).toBe(true);
    expect(isListed(proxies, "::ffff:10.0.0.5")).toBe(true);
    expect(isListed(proxies, "10.0.0.6")).toBe(false);
    expect(isListed(proxies, "10.1.255.7")).toBe(true);
    expect(isListed(proxies, "10.2.0.1")).toBe(false);
    expect(isListed(proxies, "fd12::1")).toBe(true);
    expect(isListed(proxies, "not an address")).toBe(false);
    const loopback = list(DEFAULT_TRUSTED_PROXIES);
    for (const a of ["127.0.0.1", "127.9.9.9", "::1", "::ffff:127.0.0.1", "[::1]"])
      expect(isListed(loopback, a), a).toBe(true);
    for (const a of ["192.0.2.2", "10.0.0.1", "::2"]) expect(isListed(loopback, a), a).toBe(false);
  });

  test("a malformed entry is named", () => {
    expect(parseTrustedProxies("10.0.0.5, proxy.internal").bad).toBe("proxy.internal");
    expect(parseTrustedProxies("10.0.0.0/33").bad).toBe("10.0.0.0/33");
    expect(parseTrustedProxies("").bad).toBe("");
  });
});

describe("the client behind listed proxies: the right-most X-Forwarded-For entry that is not listed", () => {
  const proxies = list("127.0.0.0/8, 10.0.0.0/24");
  test("from a peer not listed, X-Forwarded-For is never read", () => {
    expect(resolveClientAddress("192.0.2.2", "127.0.0.1", proxies)).toBe("192.0.2.2");
    expect(resolveClientAddress("::ffff:192.0.2.2", "127.0.0.1", proxies)).toBe("192.0.2.2");
    expect(resolveClientAddress("127.0.0.1", "203.0.113.7", null)).toBe("127.0.0.1");
  });
  test("from a listed peer: listed hops are skipped from the right, entries left of the client are ignored", () => {
    expect(resolveClientAddress("127.0.0.1", "203.0.113.7", proxies)).toBe("203.0.113.7");
    expect(resolveClientAddress("127.0.0.1", "127.0.0.1, 203.0.113.7", proxies)).toBe("203.0.113.7");
    expect(resolveClientAddress("127.0.0.1", "198.51.100.1, 203.0.113.7, 10.0.0.9", proxies)).toBe("203.0.113.7");
    expect(resolveClientAddress("127.0.0.1", undefined, proxies)).toBe("127.0.0.1");
    // Every hop a listed proxy: the left-most.
    expect(resolveClientAddress("127.0.0.1", "10.0.0.3, 10.0.0.9", proxies)).toBe("10.0.0.3");
    // A hop that is not an address: nothing left of the last listed proxy can be read.
    expect(resolveClientAddress("127.0.0.1", "203.0.113.7, junk, 10.0.0.9", proxies)).toBe("10.0.0.9");
    expect(resolveClientAddress("127.0.0.1", "[2001:db8::1]", proxies)).toBe("2001:db8::1");
  });
});
