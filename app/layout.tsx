import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { pageLanguage } from "@/lib/site/page-language";
import "./globals.css";

export const metadata: Metadata = {
  title: { template: "%s — Ribbon", default: "Ribbon — gifts people actually want" },
  description: "Send gifts through an API: recipients pick the present they want from a curated collection.",
  applicationName: "Ribbon",
};

export const viewport: Viewport = { themeColor: "#ffffff" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request, so Next can put this request's CSP nonce on its scripts (proxy.ts).
  await connection();
  const { lang, dir } = await pageLanguage();
  return (
    <html lang={lang} dir={dir}>
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">{children}</body>
    </html>
  );
}
