import type { DeveloperTokenView } from "@/lib/tokens/types";
import { relativeTime, utcMinute } from "@/lib/format/relative-time";
import { ConfirmDialog } from "./ConfirmDialog";

type Props = {
  tokens: DeveloperTokenView[];
  now: Date;
  revokeOld: (formData: FormData) => Promise<void>;
};

function When({ date, now }: { date: Date; now: Date }) {
  return (
    <time dateTime={date.toISOString()} title={utcMinute(date)}>
      {relativeTime(date, now)}
    </time>
  );
}

function TokenLine({ token, now }: { token: DeveloperTokenView; now: Date }) {
  return (
    <>
      <code>{token.start}…</code> <span className="text-stone-600">({token.mode})</span> created{" "}
      <When date={token.createdAt} now={now} />,{" "}
      {token.lastUsedAt ? (
        <>
          last used <When date={token.lastUsedAt} now={now} />
        </>
      ) : (
        "never used"
      )}
    </>
  );
}

/**
 * The developer tokens that still work, by their first characters: the current pair, then a
 * previous pair a roll kept for 24 hours, with when it expires and a way to stop it now.
 * Rendered on the server against one `now`, so nothing shifts once the page is shown.
 */
export function TokenList({ tokens, now, revokeOld }: Props) {
  const current = tokens.filter((t) => !t.expiresAt);
  const expiring = tokens.filter((t) => t.expiresAt);
  if (tokens.length === 0)
    return <p className="mt-4 text-sm text-stone-600">Developer access is off: you have no tokens.</p>;
  return (
    <div className="mt-4 text-sm">
      <h3 className="font-medium">Current tokens</h3>
      <ul className="mt-1 space-y-1" data-testid="active-tokens">
        {current.map((t) => (
          <li key={t.id}>
            <TokenLine token={t} now={now} />
          </li>
        ))}
      </ul>
      {expiring.length > 0 && (
        <>
          <h3 className="mt-4 font-medium">Previous tokens, still working for now</h3>
          <ul className="mt-1 space-y-1" data-testid="expiring-tokens">
            {expiring.map((t) => (
              <li key={t.id}>
                <TokenLine token={t} now={now} />;{" "}
                <strong className="font-medium">
                  expires <When date={t.expiresAt!} now={now} />
                </strong>
              </li>
            ))}
          </ul>
          <div className="mt-2">
            <ConfirmDialog
              trigger="Revoke now"
              triggerClassName="rounded-full border border-stone-300 px-3 py-1"
              title="Revoke the previous tokens now?"
              consequence="Anything still using the previous tokens stops working at once. Your current tokens keep working."
              confirm={{ label: "Revoke now", name: "confirm", value: "revoke-old" }}
              action={revokeOld}
            />
          </div>
        </>
      )}
    </div>
  );
}
