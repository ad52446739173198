"use client";
// A client component for its markup's sake: the HTML carries that markup, the RSC payload only the props.

import { ActionForm } from "./ActionForm";
import type { FormAction } from "./action-state";

export type CardSectionProps = {
  teamId: string;
  owner: boolean;
  /** "Visa •••• 4242, expires 12/28", and whether it is a test card that declines. */
  card: { text: string; declines: boolean } | null;
  /** The latest ledger entries, amounts already formatted with their currency ("25.00 USD"). Owners only. */
  charges: { id: number; date: string; description: string; amount: string; refund: boolean }[];
  setCard: FormAction;
};

const fieldClass = "mt-1 block rounded-lg border border-stone-400 px-3 py-2";

/** The team's card on file: everyone sees it; owners set or replace it and see the recent charges. */
export function CardSection({ teamId, owner, card, charges, setCard }: CardSectionProps) {
  return (
    <section className="mt-10" aria-labelledby="card">
      <h2 id="card" className="text-xl font-semibold">
        Card on file
      </h2>
      <p className="mt-2" data-testid="card-on-file">
        {card ? card.text : "No card on file: live gifts can't be sent until an owner adds one."}
      </p>
      {card?.declines && (
        <p
          role="alert"
          className="mt-2 rounded bg-red-50 px-3 py-2 font-medium text-red-800"
          data-testid="card-declines"
        >
          Charges to this card are declined (test card).
        </p>
      )}
      {owner ? (
        <>
          <ActionForm
            action={setCard}
            submitLabel={card ? "Replace card" : "Save card"}
            variant="primary"
            className="mt-4 flex flex-wrap items-end gap-3"
            testId="card-form"
          >
            <input type="hidden" name="team" value={teamId} />
            <label className="block">
              <span className="text-sm font-medium">Card number</span>
              <input
                name="number"
                required
                inputMode="numeric"
                autoComplete="cc-number"
                maxLength={32}
                className={`${fieldClass} w-64`}
              />
            </label>
            <label className="block">
              <span className="text-sm font-medium">Expiry (MM / YY)</span>
              <input
                name="expiry"
                required
                autoComplete="cc-exp"
                placeholder="MM / YY"
                maxLength={7}
                className={`${fieldClass} w-28`}
              />
            </label>
          </ActionForm>
          <p className="mt-2 text-sm text-stone-700">
            Test cards only: <code>4242 4242 4242 4242</code> is charged, <code>4000 0000 0000 0002</code> declines; any
            other valid number is charged. Only the brand, last four digits and expiry are kept.
          </p>

          <h3 className="mt-8 text-lg font-semibold">Recent charges</h3>
          {charges.length === 0 ? (
            <p className="mt-2 text-sm text-stone-700">None yet.</p>
          ) : (
            <table className="mt-2 w-full text-left text-sm" data-testid="charges">
              <thead>
                <tr className="border-b border-stone-300">
                  <th scope="col" className="py-1 pr-4 font-medium">
                    Date
                  </th>
                  <th scope="col" className="py-1 pr-4 font-medium">
                    What
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {charges.map((c) => (
                  <tr key={c.id} className="border-b border-stone-200">
                    <td className="py-1 pr-4">{c.date}</td>
                    <td className="py-1 pr-4">
                      {c.refund && <span className="mr-2 rounded bg-amber-100 px-1 text-amber-900">Refund</span>}
                      {c.description}
                    </td>
                    <td className="py-1 text-right tabular-nums">{c.amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : (
        <p className="mt-2 text-sm text-stone-700">Only the team&apos;s owners can change the card.</p>
      )}
    </section>
  );
}
