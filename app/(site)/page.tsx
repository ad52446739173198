import Link from "next/link";
import { siteContext } from "@/lib/site/context";
import { config } from "@/lib/config";

// Catalogue artwork, served from public/ (no database needed to show it).
const COLLECTIONS = [
  { name: "Coffee Lovers", image: "/catalogue/collections/coffee-lovers.svg" },
  { name: "Tea Time", image: "/catalogue/collections/tea-time.svg" },
  { name: "Sweet Treats", image: "/catalogue/collections/sweet-treats.svg" },
];

/** The first call a developer makes, as in the README's "Try it". */
const exampleRequest = (appUrl: string) =>
  [
    `curl -X POST ${appUrl}/api/v1/gifts \\`,
    `  -H "Authorization: Bearer $RIBBON_SANDBOX_TOKEN" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"gift": {"name": "Robin", "email": "robin@example.com",`,
    `       "collection": "Coffee Lovers",`,
    `       "message": "Thank you!", "from": "Alex"}}'`,
  ].join("\n");

/** What Ribbon is, for a company and for a developer, and the way in. */
export default async function Home() {
  const signedIn = Boolean((await siteContext()).actor);
  return (
    <main>
      <section className="page-width grid items-center gap-10 pb-12 pt-10 md:grid-cols-2 md:pb-16 md:pt-16">
        <div>
          <h1 className="text-4xl font-bold tracking-tight text-stone-950 sm:text-5xl">
            Ribbon sends gifts people actually want.
          </h1>
          <p className="mt-5 text-lg text-stone-700">
            Your systems send the gift; each recipient gets a card by email or as a link, picks the present they&apos;d
            like from a curated collection, and we ship it to their door.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <Link href={signedIn ? "/account" : "/signin"} className="button-primary">
              {signedIn ? "Go to your account" : "Sign in"}
            </Link>
            <Link href="/docs" className="button-secondary">
              Read the docs
            </Link>
          </div>
        </div>
        {/* eslint-disable-next-line @next/next/no-img-element -- catalogue SVGs, no optimisation needed */}
        <img
          src="/catalogue/designs/congratulations.svg"
          alt="A Ribbon gift card saying “Congratulations”"
          width={600}
          height={400}
          fetchPriority="high"
          className="h-auto w-full rounded-2xl shadow-lg"
        />
      </section>

      <div className="border-t border-stone-200 bg-white">
        <div className="page-width grid gap-12 py-12 md:grid-cols-2 md:py-16">
          <section aria-labelledby="for-companies" className="min-w-0">
            <h2 id="for-companies" className="text-2xl font-semibold tracking-tight">
              For companies
            </h2>
            <p className="mt-3 text-stone-700">
              Thank a customer, welcome a new hire, mark a work anniversary: your CRM or HR system sends the gift, with
              your logo on the card and your message inside. The recipient chooses what they&apos;d like and where it
              goes, so there are no addresses to collect and no gifts nobody wanted.
            </p>
            <ul className="mt-6 grid grid-cols-3 gap-3" aria-label="Some of the collections">
              {COLLECTIONS.map((collection) => (
                <li key={collection.name} className="text-center text-sm text-stone-700">
                  {/* eslint-disable-next-line @next/next/no-img-element -- catalogue SVGs */}
                  <img
                    src={collection.image}
                    alt=""
                    width={400}
                    height={400}
                    loading="lazy"
                    className="h-auto w-full rounded-xl"
                  />
                  <span className="mt-2 block">{collection.name}</span>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="for-developers" className="min-w-0">
            <h2 id="for-developers" className="text-2xl font-semibold tracking-tight">
              For developers
            </h2>
            <p className="mt-3 text-stone-700">
              One API call sends a gift. Turn on developer access on your account page for a sandbox token: sandbox
              gifts go through every stage, cost nothing and send no email. Webhooks tell your system when a gift is
              opened, chosen and delivered.
            </p>
            <pre
              role="region"
              tabIndex={0}
              aria-label="Example: send a gift with curl"
              className="mt-6 overflow-x-auto rounded-xl bg-stone-900 p-4 text-[13px] leading-relaxed text-stone-100"
            >
              <code>{exampleRequest(config.appUrl)}</code>
            </pre>
            <p className="mt-4">
              <Link href="/docs" className="link">
                Read the API reference
              </Link>
            </p>
          </section>
        </div>
      </div>
    </main>
  );
}
