import type { JsonSchema } from "./openapi-types";

/** A request body built from a schema's examples: required fields and every field that has an example. */
export function exampleBody(schema: JsonSchema, schemas: Record<string, JsonSchema>): unknown {
  const resolved = schema.$ref ? schemas[schema.$ref.split("/").pop()!] : schema;
  if (resolved.example !== undefined) return resolved.example;
  if (resolved.type === "array" && resolved.items) return [exampleBody(resolved.items, schemas)];
  if (resolved.properties) {
    const required = new Set(resolved.required ?? []);
    const entries = Object.entries(resolved.properties).filter(
      ([name, p]) => required.has(name) || p.example !== undefined,
    );
    return Object.fromEntries(entries.map(([name, p]) => [name, exampleBody(p, schemas)]));
  }
  return resolved.type === "integer" ? 1 : "…";
}
