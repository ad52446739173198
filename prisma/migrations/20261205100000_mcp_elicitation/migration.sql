-- An MCP host that declared URL-mode elicitation at initialize (lib/mcp/approval.ts).
ALTER TABLE "OAuthToken" ADD COLUMN "mcpElicitsUrl" BOOLEAN NOT NULL DEFAULT false;
