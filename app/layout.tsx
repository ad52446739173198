import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { BODY_CLASS, SITE_METADATA, SITE_VIEWPORT } from "@/lib/site/metadata";
import { pageLanguage } from "@/lib/site/page-language";
import "./globals.css";

export const metadata: Metadata = SITE_METADATA;

export const viewport: Viewport = SITE_VIEWPORT;

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request, so Next can put this request's CSP nonce on its scripts (scripts/http-guard.mjs gives each page request one).
  await connection();
  const { lang, dir } = await pageLanguage();
  return (
    <html lang={lang} dir={dir}>
      <body className={BODY_CLASS}>{children}</body>
    </html>
  );
}
