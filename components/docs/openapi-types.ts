/** The parts of an OpenAPI 3.1 document the reference page renders. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  example?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};
export type Parameter = { name: string; in: string; description?: string; required?: boolean; schema?: JsonSchema };
export type Operation = {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
};
export type OpenApi = {
  info: { title: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, { type: string; description?: string }>;
  };
};
