/** The optional reason an owner gives when rejecting gifts that wait for approval (at most 500 characters, as the API). */
export function RejectionReason() {
  return (
    <label className="block basis-full text-sm">
      <span className="font-medium">Reason (optional, the sender sees it)</span>
      <input name="reason" maxLength={500} className="mt-1 block w-full rounded-lg border border-stone-400 px-3 py-2" />
    </label>
  );
}
