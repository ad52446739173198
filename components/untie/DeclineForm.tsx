"use client";

import { useTranslations } from "./words";
import { isolated } from "./isolate";
import { OutcomeForm, type OutcomeState } from "./OutcomeForm";

export type DeclineState = OutcomeState;

type Props = {
  secret: string;
  from: string;
  action: (state: DeclineState, form: FormData) => Promise<DeclineState>;
};

/**
 * "No thanks": the recipient declines the gift, with an optional reason for the sender. It asks
 * once (a decline is for good: the first press answers with the question, "Yes, decline" then
 * declines; without JavaScript too). The server refuses an over-long reason rather than cutting
 * it, and says why.
 */
export function DeclineForm({ secret, from, action }: Props) {
  const t = useTranslations("decline");
  return (
    <OutcomeForm
      kind="decline"
      busy="declining"
      secret={secret}
      from={from}
      errorId="reason-error"
      action={action}
      submitLabel={(state) => (state.confirm ? t("confirmButton") : undefined)}
      after={(state) =>
        state.confirm && (
          <a href={`/untie/${secret}`} className="ms-4 font-semibold text-rose-800 underline underline-offset-2">
            {t("keep")}
          </a>
        )
      }
    >
      {(state) => (
        <>
          {state.confirm && (
            <>
              <input type="hidden" name="confirmed" value="yes" />
              <p
                role="status"
                className="rounded-lg border border-amber-300 bg-amber-50 p-3 font-medium text-amber-950"
                data-testid="decline-question"
              >
                {isolated((v) => t("confirmQuestion", v), { from })}
              </p>
            </>
          )}
          <label htmlFor="reason" className="block text-sm font-medium">
            {t("reasonLabel", { from })}
          </label>
          <textarea
            id="reason"
            name="reason"
            rows={3}
            defaultValue={state.reason}
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? "reason-error" : undefined}
            className="block w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base focus:outline-none focus:ring-2 focus:ring-rose-700"
          />
        </>
      )}
    </OutcomeForm>
  );
}
