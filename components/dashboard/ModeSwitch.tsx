import Link from "next/link";

type Props = { mode: "live" | "sandbox"; liveHref: string; sandboxHref: string };

/** Live or sandbox: two links (the view is in the URL), the current one marked for screen readers too. */
export function ModeSwitch({ mode, liveHref, sandboxHref }: Props) {
  const item = (active: boolean) =>
    `rounded-full px-3 py-1 text-sm font-medium ${active ? "bg-stone-900 text-white" : "text-stone-700 hover:underline"}`;
  return (
    <nav aria-label="Live or sandbox" className="inline-flex gap-1 rounded-full border border-stone-300 bg-white p-1">
      <Link href={liveHref} className={item(mode === "live")} aria-current={mode === "live" ? "page" : undefined}>
        Live
      </Link>
      <Link
        href={sandboxHref}
        className={item(mode === "sandbox")}
        aria-current={mode === "sandbox" ? "page" : undefined}
      >
        Sandbox
      </Link>
    </nav>
  );
}

/** Shown on every sandbox view: nothing here is charged or emailed. */
export function SandboxBanner() {
  return (
    <p
      role="note"
      data-testid="sandbox-banner"
      className="mt-4 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 px-4 py-2 text-sm text-amber-950"
    >
      <strong>Sandbox.</strong> These are your own test gifts: nothing is charged and no email leaves Ribbon (they wait
      in the outbox).
    </p>
  );
}
