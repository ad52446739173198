"use client";

import { useId, useRef, type ReactNode } from "react";

type Props = {
  /** The button that opens the dialog. */
  trigger: string;
  triggerClassName: string;
  title: string;
  /** What happens, in words (the dialog's description). */
  consequence: ReactNode;
  /** A choice that goes with the confirmation (form fields), if any. */
  children?: ReactNode;
  /** The submit button inside the dialog; its name/value tell the action it was confirmed. */
  confirm: { label: string; name: string; value: string };
  action: (formData: FormData) => void | Promise<void>;
  disabled?: boolean;
};

const supportsInvokers = () => typeof HTMLButtonElement !== "undefined" && "command" in HTMLButtonElement.prototype;

/**
 * A button that asks first: a modal <dialog> naming the consequence, with Cancel and an
 * explicit confirm button. The form lives only in the dialog, so nothing is submitted
 * without confirming. `commandfor` opens it without JavaScript where browsers support
 * invoker commands; otherwise the click handler calls showModal(). The browser does the rest:
 * focus moves into the dialog, Escape cancels, focus returns to the trigger on close.
 */
export function ConfirmDialog({
  trigger,
  triggerClassName,
  title,
  consequence,
  children,
  confirm,
  action,
  disabled,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const dialogId = `confirm-${id.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  return (
    <>
      <button
        type="button"
        className={triggerClassName}
        disabled={disabled}
        aria-haspopup="dialog"
        commandfor={dialogId}
        command="show-modal"
        onClick={() => {
          if (!supportsInvokers() && dialog.current && !dialog.current.open) dialog.current.showModal();
        }}
      >
        {trigger}
      </button>
      <dialog
        ref={dialog}
        id={dialogId}
        aria-labelledby={`${dialogId}-title`}
        aria-describedby={`${dialogId}-consequence`}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-stone-200 bg-white p-6 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
      >
        <form action={action} onSubmit={() => dialog.current?.close()}>
          <h2 id={`${dialogId}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          <p id={`${dialogId}-consequence`} className="mt-3 text-sm text-stone-700">
            {consequence}
          </p>
          {children}
          <div className="mt-6 flex justify-end gap-3">
            <button
              type="button"
              commandfor={dialogId}
              command="close"
              onClick={() => dialog.current?.close()}
              className="rounded-full border border-stone-300 px-4 py-2"
            >
              Cancel
            </button>
            <button
              type="submit"
              name={confirm.name}
              value={confirm.value}
              className="rounded-full bg-[var(--ribbon)] px-4 py-2 font-semibold text-white"
            >
              {confirm.label}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
