import type { Metadata, Viewport } from "next";

/** What every page's <head> says about the site: the root layout's metadata, and the /docs document built with the app. */
export const SITE_METADATA = {
  title: { template: "%s — Ribbon", default: "Ribbon — gifts people actually want" },
  description: "Send gifts through an API: recipients pick the present they want from a curated collection.",
  applicationName: "Ribbon",
} satisfies Metadata;

export const SITE_VIEWPORT = { themeColor: "#ffffff" } satisfies Viewport;

/** A page's title as the template spells it. */
export const pageTitle = (title: string) => SITE_METADATA.title.template.replace("%s", title);

/** The classes of every page's <body>. */
export const BODY_CLASS = "min-h-screen bg-stone-50 text-stone-900 antialiased";

/** The APP_URL /docs is built with (scripts/build-docs.tsx): each server writes its own in its place (lib/site/docs-file.ts). */
export const BUILD_APP_URL = "http://app-url.ribbon.invalid";
