import { ScrollRegion } from "./ScrollRegion";

/** One MCP tool as the reference lists it (from lib/mcp's TOOLS, passed in by the page). */
export type AgentToolView = {
  name: string;
  title: string;
  description: string;
  arguments: string[];
  required: string[];
  hints: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean };
};

/** The MCP server's tools, beside the API reference: what an AI agent connected at /api/mcp can do. */
export function AgentTools({ tools, endpoint }: { tools: AgentToolView[]; endpoint: string }) {
  return (
    <section id="mcp" className="mt-16 border-t border-stone-200 pt-10">
      <h2 className="text-2xl font-semibold tracking-tight">AI agents (MCP)</h2>
      <p className="mt-3 max-w-3xl text-stone-700">
        Connect Claude Desktop, ChatGPT, Cursor or VS Code to <code>{endpoint}</code>: the host signs you in, you
        approve its spending caps on Ribbon&apos;s consent screen, and it can use these tools. Their arguments are the
        API&apos;s (the same fields, checks and error codes); see{" "}
        <a href="/docs/agents" className="text-[var(--ribbon)] underline">
          the guide for AI agents and their hosts
        </a>
        .
      </p>
      <ScrollRegion label="Tools" className="mt-6">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-stone-200">
              <th className="py-2 pr-4">Tool</th>
              <th className="py-2 pr-4">What it does</th>
              <th className="py-2 pr-4">Arguments</th>
              <th className="py-2">Kind</th>
            </tr>
          </thead>
          <tbody>
            {tools.map((tool) => (
              <tr key={tool.name} className="border-b border-stone-100 align-top">
                <td className="py-2 pr-4">
                  <code>{tool.name}</code>
                  <div className="text-stone-500">{tool.title}</div>
                </td>
                <td className="py-2 pr-4">{tool.description}</td>
                <td className="py-2 pr-4">
                  {tool.arguments.length === 0
                    ? "none"
                    : tool.arguments.map((a) => (
                        <div key={a}>
                          <code>{a}</code>
                          {tool.required.includes(a) ? " (required)" : ""}
                        </div>
                      ))}
                </td>
                <td className="py-2">
                  {tool.hints.readOnlyHint ? "read-only" : tool.hints.destructiveHint ? "destructive" : "writes"}
                  {!tool.hints.readOnlyHint && tool.hints.idempotentHint ? ", idempotent" : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
