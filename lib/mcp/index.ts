export {
  mcpEndpoint,
  protectedResourceMetadata,
  protectedResourceMetadataUrl,
  MCP_ANSWER_LIMIT,
  MCP_BODY_LIMIT,
} from "./server";
export { TOOLS, MCP_MAX_BATCH, type Tool } from "./tools";
