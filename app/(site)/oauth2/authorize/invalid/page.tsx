import { INVALID_AUTHORIZATION, type InvalidAuthorization } from "@/lib/oauth";

export const metadata = { title: "This authorization link doesn't work", robots: { index: false } };

const explanation = (reason: string | string[] | undefined) =>
  typeof reason === "string" && Object.hasOwn(INVALID_AUTHORIZATION, reason)
    ? INVALID_AUTHORIZATION[reason as InvalidAuthorization]
    : "The link is not a valid authorization request.";

/** What /oauth2/authorize shows, with a 400, for a client or redirect URI it can't trust (proxy.ts rewrites here). */
export default async function InvalidAuthorizationPage({
  searchParams,
}: {
  searchParams: Promise<{ reason?: string | string[] }>;
}) {
  const { reason } = await searchParams;
  return (
    <main className="mx-auto max-w-md px-6 py-20">
      <h1 className="text-3xl font-semibold tracking-tight">This authorization link doesn&apos;t work</h1>
      <p role="alert" data-testid="authorize-error" className="mt-4 rounded bg-red-50 px-3 py-2 text-red-700">
        {explanation(reason)}
      </p>
      <p className="mt-4 text-stone-600">Nothing was shared. Tell the application&apos;s developers about this link.</p>
    </main>
  );
}
