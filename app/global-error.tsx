"use client";

import { ErrorMessage } from "@/components/site/ErrorMessage";
import "./globals.css";

/** The root layout itself failed: this replaces it, so it brings its own <html> and <body>. */
export default function GlobalError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">
        <ErrorMessage digest={error.digest} retry={retry} withMark />
      </body>
    </html>
  );
}
