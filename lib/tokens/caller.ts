import type { TokenMode } from "./format";

/** Who is calling the API, and with which kind of credential. */
export type Caller = {
  user: { id: string; name: string; email: string };
  mode: TokenMode;
  via: "token" | "oauth";
  credentialId: number;
};
