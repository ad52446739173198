import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { auth, sendSignInLink } from "@/lib/auth";
import { sameOriginUrl } from "@/lib/urls";

export const metadata = { title: "Sign in — Ribbon" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; error?: string }> }) {
  const { callbackUrl, error } = await searchParams;
  const next = sameOriginUrl(callbackUrl, "/account");
  if (await auth()) redirect(next);

  async function sendLink(formData: FormData) {
    "use server";
    // The limits need the client's address, which the request headers carry (lib/ratelimit).
    const request = new Request(next, { headers: await headers() });
    if (!(await sendSignInLink(String(formData.get("email") ?? ""), next, request))) redirect("/signin?error=EmailSignin");
  }

  return (
    <main className="mx-auto max-w-md px-6 py-20">
      <h1 className="text-3xl font-semibold tracking-tight">Sign in to Ribbon</h1>
      <p className="mt-3 text-stone-600">We&apos;ll email you a link that signs you in.</p>
      {error && (
        <p role="alert" className="mt-4 rounded bg-red-50 px-3 py-2 text-red-700">
          {error === "EmailSignin"
            ? "We couldn't send a sign-in link just now: too many were asked for. Try again in a while."
            : "That link didn't work: it may have been used already or expired. Ask for a new one below."}
        </p>
      )}
      <form action={sendLink} className="mt-8 space-y-4">
        <label className="block">
          <span className="text-sm font-medium">Email</span>
          <input name="email" type="email" required autoComplete="email" className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2" />
        </label>
        <button type="submit" className="w-full rounded-full bg-[var(--ribbon)] px-4 py-2 font-semibold text-white">
          Email me a sign-in link
        </button>
      </form>
    </main>
  );
}
