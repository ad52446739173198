import { corsPreflight, crossOrigin } from "@/lib/http/cors";
import { protectedResourceMetadata } from "@/lib/mcp";

/**
 * GET /.well-known/oauth-protected-resource and …/api/mcp (RFC 9728): the MCP server's
 * resource and the authorization server that issues its tokens. Any other path is a 404.
 */
export const GET = crossOrigin(async (_request: Request, { params }: { params: Promise<{ path?: string[] }> }) => {
  const path = (await params).path ?? [];
  if (path.length > 0 && path.join("/") !== "api/mcp") return new Response("Not found", { status: 404 });
  return Response.json(protectedResourceMetadata(), { headers: { "Cache-Control": "public, max-age=3600" } });
});
export const OPTIONS = corsPreflight("GET");
