import type { SpendCaps } from "@/lib/billing";
import type { TokenMode } from "./format";

/** A developer token as the account page shows it: never the secret, only its first characters. */
export type DeveloperTokenView = {
  id: number;
  mode: TokenMode;
  start: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** Set on a previous pair a roll kept working for a while: it stops at this instant. */
  expiresAt: Date | null;
  /** The live token's spending caps (lib/billing/caps.ts); null: none. */
  caps: SpendCaps | null;
};
