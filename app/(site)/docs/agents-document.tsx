import { renderToStaticMarkup } from "react-dom/server";
import { SiteChrome } from "@/components/site/SiteChrome";
import { GuideMarkdown, type LinkFor } from "@/components/docs/GuideMarkdown";
import { staticDocument } from "./static-document";

/**
 * Links of the agents guide to the other guides: to itself and to the API reference they are
 * pages of the site; the guides not served (oauth.md, security.md…) are named as text.
 */
const linkFor: LinkFor = (file, anchor) => {
  if (file === "agents.md") return anchor ? `/docs/agents#${anchor}` : "/docs/agents";
  if (file === "api.md") return "/docs";
  return null;
};

/**
 * /docs/agents as one HTML document: docs/agents.md (the guide for AI agents and their hosts),
 * rendered once when the app is built (scripts/build-docs.tsx reads the file and passes its
 * text), with no script; `stylesheets` are the site's CSS files of this build.
 */
export function renderAgentsDocument(stylesheets: string[], markdown: string): string {
  const body = renderToStaticMarkup(
    <SiteChrome signedIn={false} signOut={async () => {}}>
      <main className="page-width page-narrow py-10" data-testid="agents-guide">
        <p className="text-sm text-stone-600">
          <a href="/docs" className="underline">
            API reference
          </a>{" "}
          ·{" "}
          <a href="/docs#mcp" className="underline">
            MCP tools
          </a>
        </p>
        <div className="mt-4">
          <GuideMarkdown markdown={markdown} linkFor={linkFor} />
        </div>
      </main>
    </SiteChrome>,
  );
  return staticDocument("Ribbon for AI agents (MCP)", stylesheets, body);
}
