import { renderToStaticMarkup } from "react-dom/server";
import { BODY_CLASS, pageTitle, SITE_METADATA, SITE_VIEWPORT } from "@/lib/site/metadata";

/**
 * A whole page rendered outside Next (at build, scripts/build-docs.tsx): its <head> is written
 * here, not with next/head, and it has no script. `stylesheets` are the site's CSS files of the build.
 */
export function staticDocument(title: string, stylesheets: string[], body: string): string {
  const head = renderToStaticMarkup(
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{pageTitle(title)}</title>
      <meta name="description" content={SITE_METADATA.description} />
      <meta name="application-name" content={SITE_METADATA.applicationName} />
      <meta name="theme-color" content={SITE_VIEWPORT.themeColor} />
      <link rel="icon" href="/icon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/apple-icon" />
      <link rel="manifest" href="/manifest.webmanifest" />
      {stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
    </head>,
  );
  return `<!DOCTYPE html><html lang="en">${head}<body class="${BODY_CLASS}">${body}</body></html>`;
}
