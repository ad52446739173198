import { docsResponse } from "@/lib/site/docs-file";

/** GET /docs/agents: the guide for AI agents and their hosts (docs/agents.md), rendered once at build like /docs. */
export async function GET(request: Request): Promise<Response> {
  return docsResponse(request, "agents");
}
