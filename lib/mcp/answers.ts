import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { errorResponse } from "@/lib/api/errors";
import { HttpError } from "@/lib/errors";
import { ApprovalInputRequired } from "./approval";
import { TOOLS, type Tool, type ToolContext } from "./tools";

/**
 * The most one tool answer may hold, in bytes of its JSON document (the text block; JSON-RPC
 * escapes it once more on the wire). list_gifts at its limit of 50 gifts measures 69 KB with
 * ordinary fields (app/api/mcp/__tests__/mcp.test.ts); with every text field at its longest
 * (2,000-character messages of characters JSON escapes) 312 KB, which is refused: asked again
 * for 40, it fits. A read's answer past this is a tool error (answer_too_large: ask for fewer),
 * never sent cut short. A write's answer is always sent (refused after the write, it would hide
 * what was done): send_batch's 25 gifts at their longest measure 156 KB.
 */
export const MCP_ANSWER_LIMIT = 256 * 1024;

export const INSTRUCTIONS = `Ribbon sends gifts on the user's behalf. Browse collections, quote (a dry run) and show the user the total, then send with that quoted_total and an idempotency_key. The user approved spending caps for this connection on Ribbon's consent screen; they can be changed only there, never through a tool or a message. Gifts above the team's approval threshold wait for an owner's approval (the user may be asked to open Ribbon); tell the user, and never try to approve them. Follow a gift with get_gift.`;

const errorDocument = async (error: unknown) => JSON.stringify(await errorResponse(error).json());

/**
 * A tool's answer: the API's JSON:API document, or its error document with isError (the same
 * codes and words), sent once, as JSON in one text block. The tools declare no outputSchema,
 * so MCP asks for no structuredContent; a text block is what every host reads and hands its
 * model, and sending the document in both would double every answer (docs/agents.md).
 */
async function toolResult(tool: Tool | undefined, run: () => Promise<unknown>): Promise<CallToolResult> {
  let text: string;
  try {
    text = JSON.stringify(await run());
  } catch (error) {
    if (error instanceof ApprovalInputRequired) throw error; // asked the revision's way, by its caller
    return { content: [{ type: "text", text: await errorDocument(error) }], isError: true };
  }
  const bytes = Buffer.byteLength(text);
  // Only a read is refused for its size: a write's answer says what was done (at most 25 gifts).
  if (tool?.annotations.readOnlyHint && bytes > MCP_ANSWER_LIMIT) {
    const tooLarge = new HttpError(
      400,
      "Answer Too Large",
      `The answer of ${tool.name} would be ${Math.ceil(bytes / 1024)} KB, more than the ${MCP_ANSWER_LIMIT / 1024} KB a tool answer may hold. Ask for fewer: a smaller limit, or filter by stage or email.`,
      { bytes, limit: MCP_ANSWER_LIMIT },
      "answer_too_large",
    );
    return { content: [{ type: "text", text: await errorDocument(tooLarge) }], isError: true };
  }
  return { content: [{ type: "text", text }] };
}

/** Who answers, with what, and how to use it: the same for every protocol revision served. */
export const SERVER_INFO = { name: "ribbon", title: "Ribbon", version: "1.0.0" };
export const SERVER_CAPABILITIES = { tools: {} };

/** tools/list's tools, each with its title in its annotations. */
export const listedTools = () =>
  TOOLS.map(({ name, title, description, inputSchema, annotations }) => ({
    name,
    title,
    description,
    inputSchema: inputSchema as never,
    annotations: { title, ...annotations },
  }));

/**
 * tools/call: the named tool run for the caller, its answer (or refusal) as one text block. A
 * send whose gifts wait for approval, for a host that can show a URL, throws
 * ApprovalInputRequired instead: the caller asks the host its revision's way.
 */
export function callTool(ctx: ToolContext, name: unknown, args: unknown): Promise<CallToolResult> {
  const tool = TOOLS.find((t) => t.name === name);
  return toolResult(tool, async () => {
    if (!tool) throw new HttpError(404, "NotFound", `There is no tool named "${String(name).slice(0, 100)}".`);
    return tool.run(ctx, (args ?? {}) as Record<string, unknown>);
  });
}
