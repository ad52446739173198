import Link from "next/link";

type Props = {
  teamId: string;
  mode: "live" | "sandbox";
  current: "gifts" | "campaigns" | "senders" | "suppressions";
  /** Senders is for owners only (lib/dashboard/senders.ts). */
  owner: boolean;
};

/** The dashboard's sections: every gift, the campaigns (batches), for owners who sent what, and the addresses not emailed. */
export function DashboardNav({ teamId, mode, current, owner }: Props) {
  const base = `/dashboard/${encodeURIComponent(teamId)}`;
  const suffix = mode === "sandbox" ? "?mode=sandbox" : "";
  const items = [
    { key: "gifts", label: "Gifts", href: `${base}${suffix}` },
    { key: "campaigns", label: "Campaigns", href: `${base}/campaigns${suffix}` },
    ...(owner && mode === "live" ? [{ key: "senders", label: "Senders", href: `${base}/senders` }] : []),
    { key: "suppressions", label: "Suppression list", href: `${base}/suppressions${suffix}` },
  ];
  return (
    <nav aria-label="Dashboard" className="mt-3 flex flex-wrap gap-4 text-sm" data-testid="dashboard-nav">
      {items.map((item) => (
        <Link
          key={item.key}
          href={item.href}
          aria-current={item.key === current ? "page" : undefined}
          className={item.key === current ? "font-semibold text-stone-900 underline" : "text-stone-700 underline"}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
