import { corsPreflight, crossOrigin } from "@/lib/http/cors";
import { authorizationServerMetadata } from "@/lib/oauth";

/** GET /.well-known/oauth-authorization-server (RFC 8414). */
export const GET = crossOrigin(() =>
  Response.json(authorizationServerMetadata(), { headers: { "Cache-Control": "public, max-age=3600" } }),
);
export const OPTIONS = corsPreflight("GET");
