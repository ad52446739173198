"use client";

import { useActionState } from "react";
/** What the test send said, shown under the button (returned by the page's server action). */
export type TestEventState = { ok: boolean; message: string } | null;

type Props = { endpointId: string; send: (previous: TestEventState, formData: FormData) => Promise<TestEventState> };

/** "Send test event" for one webhook endpoint, with the receiver's answer. */
export function WebhookTestButton({ endpointId, send }: Props) {
  const [state, action, pending] = useActionState(send, null);
  return (
    <form action={action} className="flex items-center gap-3">
      <input type="hidden" name="endpoint" value={endpointId} />
      <button
        type="submit"
        disabled={pending}
        className="rounded-full border border-stone-300 px-3 py-1 text-sm disabled:opacity-60"
      >
        Send test event
      </button>
      {state && (
        <span role="status" className={state.ok ? "text-sm text-green-700" : "text-sm text-red-700"}>
          {state.message}
        </span>
      )}
    </form>
  );
}
