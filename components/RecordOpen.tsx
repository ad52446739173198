"use client";

import { useEffect } from "react";

/** Tells the server the untie page is being shown to a person (see app/untie/[token]/opened). */
export function RecordOpen({ path }: { path: string }) {
  useEffect(() => {
    void fetch(path, { method: "POST", keepalive: true }).catch(() => {});
  }, [path]);
  return null;
}
