import type { Metadata } from "next";
import { AgentTools } from "@/components/docs/AgentTools";
import { ApiReference } from "@/components/docs/ApiReference";
import type { OpenApi } from "@/components/docs/openapi-types";
import { openApiDocument } from "@/lib/api/openapi/document";
import { ERROR_CODES } from "@/lib/api/openapi/error-codes";
import { siteContext } from "@/lib/site/context";
import { listActiveTokens } from "@/lib/tokens";
import { TOOLS } from "@/lib/mcp/tools";
import { resourceUrl } from "@/lib/oauth";

const agentTools = () =>
  TOOLS.map((tool) => {
    const schema = tool.inputSchema as { properties: Record<string, unknown>; required: string[] };
    return {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      arguments: Object.keys(schema.properties),
      required: schema.required,
      hints: tool.annotations,
    };
  });

export const metadata: Metadata = { title: "API reference" };

/** Where the quick start's token comes from: only hashes are stored, so we can name the token but never show it again. */
async function tokenHint(): Promise<string> {
  const { db, actor } = await siteContext();
  const userId = actor?.user.id;
  const sandbox = userId ? (await listActiveTokens(db, userId)).find((t) => t.mode === "sandbox") : undefined;
  if (sandbox)
    return `Use your sandbox token (the one starting ${sandbox.start}…, shown once when you turned developer access on; roll it on your account page if you lost it). Sandbox gifts cost nothing and send no email.`;
  if (userId)
    return "Turn on developer access on your account page to get a sandbox token, then paste it below. Sandbox gifts cost nothing and send no email.";
  return "Sign in and turn on developer access on your account page to get a sandbox token, then paste it below. Sandbox gifts cost nothing and send no email.";
}

export default async function DocsPage() {
  return (
    <main className="mx-auto max-w-6xl px-6 py-12">
      <ApiReference
        doc={openApiDocument() as unknown as OpenApi}
        errorCodes={ERROR_CODES}
        tokenHint={await tokenHint()}
      />
      <AgentTools tools={agentTools()} endpoint={resourceUrl("mcp")} />
    </main>
  );
}
