"use client";

import { useTranslations } from "./words";
import { OutcomeForm, type OutcomeState } from "./OutcomeForm";

export type DeclineState = OutcomeState;

type Props = {
  secret: string;
  from: string;
  action: (state: DeclineState, form: FormData) => Promise<DeclineState>;
};

/**
 * "No thanks": the recipient declines the gift, with an optional reason for the sender. The
 * server refuses an over-long reason rather than cutting it, and says why.
 */
export function DeclineForm({ secret, from, action }: Props) {
  const t = useTranslations("decline");
  return (
    <OutcomeForm kind="decline" busy="declining" secret={secret} from={from} errorId="reason-error" action={action}>
      {(state) => (
        <>
          <label htmlFor="reason" className="block text-sm font-medium">
            {t("reasonLabel", { from })}
          </label>
          <textarea
            id="reason"
            name="reason"
            rows={3}
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? "reason-error" : undefined}
            className="block w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base focus:outline-none focus:ring-2 focus:ring-rose-700"
          />
        </>
      )}
    </OutcomeForm>
  );
}
