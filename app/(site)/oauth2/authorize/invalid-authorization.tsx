/**
 * What /oauth2/authorize shows for a client or redirect URI it can't trust, with the 400 proxy.ts
 * set: before any sign-in, never a redirect.
 */
export function InvalidAuthorization({ reason }: { reason: string }) {
  return (
    <main className="mx-auto max-w-md px-6 py-20">
      <h1 className="text-3xl font-semibold tracking-tight">This authorization link doesn&apos;t work</h1>
      <p role="alert" data-testid="authorize-error" className="mt-4 rounded bg-red-50 px-3 py-2 text-red-700">
        {reason}
      </p>
      <p className="mt-4 text-stone-600">Nothing was shared. Tell the application&apos;s developers about this link.</p>
    </main>
  );
}
