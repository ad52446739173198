"use client";

import { ErrorMessage } from "@/components/site/ErrorMessage";

/** A gift page, or the site's header itself, failed: the message with the mark and nothing else. */
export default function RootError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return <ErrorMessage digest={error.digest} retry={retry} withMark />;
}
