import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/site/NotFoundMessage";

export const metadata: Metadata = { title: "Page not found" };

/** A site page called notFound(): the message inside the header and footer of app/(site)/layout. */
export default function SiteNotFound() {
  return <NotFoundMessage />;
}
