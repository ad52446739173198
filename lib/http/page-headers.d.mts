import type { IncomingMessage, ServerResponse } from "node:http";

export const PATH_HEADER: string;
export const API_CSP: string;
export const NOT_PAGE_PREFIXES: string[];
export function securityHeaders(csp: string, appUrl: string): Record<string, string>;
export function pageCsp(nonce: string): string;
export function isPagePath(pathname: string): boolean;
export function givePageHeaders(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  appUrl: string,
): void;
