import type { BlockList } from "node:net";

export const DEFAULT_TRUSTED_PROXIES: string;
export function normalizeAddress(address: string): string;
export function parseTrustedProxies(
  value: string | undefined,
): { list: BlockList; bad?: undefined } | { bad: string; list?: undefined };
export function isListed(list: BlockList, address: string): boolean;
export function resolveClientAddress(peer: string, forwardedFor: string | undefined, trusted: BlockList | null): string;
