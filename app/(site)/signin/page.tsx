import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { siteContext } from "@/lib/site/context";
import { DEFAULT_AFTER_SIGN_IN } from "@/lib/auth";
import { sameOriginPath, sameOriginUrl } from "@/lib/urls";
import { sendSignInLinkAction } from "./actions";
import { signInErrorMessage } from "./error-messages";

export const metadata: Metadata = { title: "Sign in" };

type Query = { callbackUrl?: string | string[]; error?: string | string[] };
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The sign-in form, and where every sign-in problem lands (Auth.js's error page too): what went
 * wrong, and the form to send a new link that still leads to the page the person started from.
 */
export default async function SignInPage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const callbackUrl = first(query.callbackUrl);
  const error = first(query.error);
  const next = sameOriginUrl(callbackUrl, DEFAULT_AFTER_SIGN_IN);
  const nextPath = sameOriginPath(callbackUrl, DEFAULT_AFTER_SIGN_IN);
  if ((await siteContext()).actor) redirect(next);

  const problem = error ? signInErrorMessage(error) : null;
  return (
    <main className="mx-auto max-w-md px-4 py-12 sm:px-6 sm:py-16">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {problem ? problem.title : "Sign in to Ribbon"}
        </h1>
        <p className="mt-3 text-stone-700" data-testid={problem ? "signin-error" : undefined}>
          {problem ? problem.text : "We'll email you a link that signs you in: no password to remember."}
        </p>
        <form action={sendSignInLinkAction} className="mt-6 space-y-4">
          <input type="hidden" name="callbackUrl" value={nextPath} />
          <div>
            <label htmlFor="email" className="block text-sm font-medium">
              Email
            </label>
            <input
              id="email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              className="mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2 focus:border-ribbon-dark focus:outline-2 focus:outline-ribbon-dark"
            />
          </div>
          <button type="submit" className="button-primary w-full">
            {problem ? "Send a new link" : "Email me a sign-in link"}
          </button>
        </form>
        <p className="mt-6 text-sm text-stone-600">
          New here? The same link creates your account. Developers: the{" "}
          <a className="link" href="/docs">
            API reference
          </a>{" "}
          shows what you can do once you&apos;re in.
        </p>
      </div>
    </main>
  );
}
