"use client";

import { useEffect, useState } from "react";

type Props = {
  value: string;
  /** What is copied, for assistive technology: "Copy live token". */
  label: string;
  /** The element showing the value, selected when the clipboard can't be written. */
  targetId: string;
};

/** Copies a value shown once to the clipboard and says so ("Copied") through a live region. */
export function CopyButton({ value, label, targetId }: Props) {
  const [status, setStatus] = useState("");
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(""), 4000);
    return () => clearTimeout(timer);
  }, [status]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setStatus("Copied");
    } catch {
      const target = document.getElementById(targetId);
      if (target) window.getSelection()?.selectAllChildren(target);
      setStatus("Selected: press Ctrl+C (⌘C) to copy");
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={copy}
        aria-label={label}
        className="rounded-full border border-stone-300 bg-white px-3 py-0.5 text-xs font-medium"
      >
        Copy
      </button>
      <span aria-live="polite" role="status" className="text-xs text-stone-700">
        {status}
      </span>
    </span>
  );
}
