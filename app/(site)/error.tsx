"use client";

import { ErrorMessage } from "@/components/site/ErrorMessage";

/** A page of the site failed: the message inside the header and footer. */
export default function SiteError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return <ErrorMessage digest={error.digest} retry={retry} />;
}
