import type { DeveloperAccessState } from "./DeveloperTokenControls";
import type { TokenCapsState } from "./TokenCaps";
import type { DeveloperTokenView } from "@/lib/tokens/types";
import { DeveloperTokenControls } from "./DeveloperTokenControls";
import { TokenCaps } from "./TokenCaps";
import { TokenList } from "./TokenList";

type Props = {
  tokens: DeveloperTokenView[];
  now: Date;
  change: (previous: DeveloperAccessState, formData: FormData) => Promise<DeveloperAccessState>;
  revokeOld: (formData: FormData) => Promise<void>;
  /** The live token's caps: what the person may pick from, the caps in words, and the action saving them. */
  caps: {
    collections: { id: number; name: string; priceCents: number }[];
    summary: string[];
    save: (previous: TokenCapsState, formData: FormData) => Promise<TokenCapsState>;
  };
};

/** The account page's "Developer access": buttons (fixed in place), new tokens once, then the token list. */
export function DeveloperAccess({ tokens, now, change, revokeOld, caps }: Props) {
  const live = tokens.find((t) => t.mode === "live" && !t.expiresAt);
  return (
    <section className="mt-10" aria-labelledby="developer-access">
      <h2 id="developer-access" className="text-xl font-semibold">
        Developer access
      </h2>
      <p className="mt-2 text-stone-600">
        A live token (<code>rbn_live_…</code>) works with your teams, sends real emails and is charged; a sandbox token
        (<code>rbn_sbox_…</code>) works only in team <code>sandbox</code>: no charges, no emails. How to call the API:{" "}
        <a className="font-medium text-[var(--ribbon)] underline" href="/docs">
          API reference
        </a>
        .
      </p>
      <DeveloperTokenControls hasTokens={tokens.some((t) => !t.expiresAt)} change={change} />
      <TokenList tokens={tokens} now={now} revokeOld={revokeOld} />
      {live && <TokenCaps caps={live.caps} {...caps} />}
    </section>
  );
}
