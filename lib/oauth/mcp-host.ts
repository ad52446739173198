import type { Tx } from "@/lib/db";

/**
 * What an MCP host said it can do, kept on its token: on the session revisions the host
 * declares its capabilities once, in `initialize`, and every later request is a new HTTP
 * request (and a new server: lib/mcp/server.ts), so the declaration is remembered here. Only
 * URL-mode elicitation is kept, the one capability a tool acts on. Written on every
 * `initialize` (a host that reconnects without it no longer gets elicitations).
 */
export async function recordMcpHostElicitsUrl(db: Tx, tokenId: number, elicitsUrl: boolean): Promise<void> {
  await db.oAuthToken.updateMany({
    where: { id: tokenId, mcpElicitsUrl: !elicitsUrl },
    data: { mcpElicitsUrl: elicitsUrl },
  });
}

export async function mcpHostElicitsUrl(db: Tx, tokenId: number): Promise<boolean> {
  const token = await db.oAuthToken.findUnique({ where: { id: tokenId }, select: { mcpElicitsUrl: true } });
  return token?.mcpElicitsUrl ?? false;
}
