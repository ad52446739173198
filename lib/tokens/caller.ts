import type { TokenMode } from "./format";

/** Who is calling the API, and with which kind of credential. */
export type Caller = {
  /** `name` is null for someone who never set one: show lib/users personName(), never the email. */
  user: { id: string; name: string | null; email: string };
  mode: TokenMode;
  via: "token" | "oauth";
  credentialId: number;
  /** The token's audience (RFC 8707): the API, or the MCP server (an OAuth token issued for it). Absent: the API. */
  resource?: "api" | "mcp";
  /** A named key's limits (lib/tokens/named-keys.ts); absent for the account's pair and OAuth tokens. */
  key?: KeyLimits;
};

/** What a named key may do: only read (GET), and only one team (null: every team of its holder). */
export type KeyLimits = { name: string; readOnly: boolean; teamId: string | null };
