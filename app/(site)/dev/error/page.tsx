import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { canViewOutbox } from "@/lib/outbox";

export const metadata: Metadata = { title: "Error page test", robots: { index: false } };

/**
 * A page that always fails, to see (and test) the site's error page. A local tool like the
 * outbox: only where the outbox may be seen (no email provider, a request from this machine).
 */
export default async function FailingPage(): Promise<never> {
  if (!canViewOutbox(await headers())) notFound();
  throw new Error("This page fails on purpose: it shows the error page (/dev/error).");
}
