/** While a dashboard page loads: its frame at its final size (a heading, the funnel, rows), so nothing jumps when it arrives. */
export default function DashboardLoading() {
  const block = "animate-pulse rounded-lg bg-stone-200";
  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6" aria-busy="true" aria-label="Loading">
      <div className={`${block} h-9 w-64`} />
      <div className={`${block} mt-2 h-4 w-48`} />
      <div className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className={`${block} h-[76px]`} />
        ))}
      </div>
      <div className={`${block} mt-6 h-40`} />
      <div className="mt-6 space-y-2">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className={`${block} h-10`} />
        ))}
      </div>
      <p className="sr-only" role="status">
        Loading…
      </p>
    </main>
  );
}
