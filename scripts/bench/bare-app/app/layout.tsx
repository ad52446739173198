import { connection } from "next/server";
import type { ReactNode } from "react";

// Rendered per request, as Ribbon's root layout is (it reads the request's language and nonce).
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
