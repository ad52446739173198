import { authorizationServerMetadata } from "@/lib/oauth";

/** GET /.well-known/oauth-authorization-server (RFC 8414). */
export function GET() {
  return Response.json(authorizationServerMetadata(), { headers: { "Cache-Control": "public, max-age=3600" } });
}
