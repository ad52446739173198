import { renderToStaticMarkup } from "react-dom/server";
import { SiteChrome } from "@/components/site/SiteChrome";
import { ERROR_CODES, errorAnchor } from "@/lib/api/openapi/error-codes";
import { openApiDocument } from "@/lib/api/openapi/document";
import { TOOLS } from "@/lib/mcp/tools";
import { resourceUrl } from "@/lib/oauth";
import { AgentTools } from "@/components/docs/AgentTools";
import { ApiReference } from "@/components/docs/ApiReference";
import type { OpenApi } from "@/components/docs/openapi-types";
import { MAX_QUERY_CHARS } from "./search-index";
import { staticDocument } from "./static-document";

/** The quick start's word on tokens: the same for everyone, as the page is built once. */
const TOKEN_HINT =
  "Sign in and turn on developer access on your account page to get a sandbox token (it is shown once; roll it there if you lost it), then paste it below. Sandbox gifts cost nothing and send no email.";

/** The MCP server's tools as the reference lists them. */
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

/**
 * /docs as one HTML document, rendered once when the app is built (scripts/build-docs.tsx): it is
 * the OpenAPI document, fixed per build, so no request renders it again. It has no script at all;
 * `stylesheets` are the site's CSS files of this build. Links to the API's own address are spelled
 * with the APP_URL the build ran with; the server puts its own APP_URL in their place once.
 */
export function renderDocsDocument(stylesheets: string[]): string {
  const body = renderToStaticMarkup(
    <SiteChrome signedIn={false} signOut={async () => {}}>
      <main className="page-width py-10">
        <ApiReference
          doc={openApiDocument() as unknown as OpenApi}
          errorCodes={ERROR_CODES.map((e) => ({ ...e, anchor: errorAnchor(e.code) }))}
          tokenHint={TOKEN_HINT}
          searchMaxLength={MAX_QUERY_CHARS}
        />
        <AgentTools tools={agentTools()} endpoint={resourceUrl("mcp")} />
      </main>
    </SiteChrome>,
  );
  return staticDocument("API reference", stylesheets, body);
}
