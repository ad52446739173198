import Link from "next/link";

const footerLink =
  "rounded text-stone-700 underline-offset-2 hover:text-stone-950 hover:underline focus-visible:outline-2 focus-visible:outline-ribbon-dark";

/** The site's footer: where the API is described, and whose site this is. */
export function SiteFooter() {
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="page-width flex flex-col gap-3 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="text-stone-700">© {new Date().getUTCFullYear()} Ribbon · gifts people actually want</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <Link href="/docs" className={footerLink}>
                API reference
              </Link>
            </li>
            <li>
              {/* A JSON document, not a page: a plain link. */}
              <a href="/api/v1/openapi.json" className={footerLink}>
                OpenAPI document
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
