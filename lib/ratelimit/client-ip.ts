import { clientAddress, type HeaderReader } from "@/lib/http/client-address";

/** The key per-address limits count under: the socket's address (lib/http/client-address.ts). */
export function clientIp(request: { headers: HeaderReader }): string {
  return clientAddress(request.headers) ?? "unknown";
}
