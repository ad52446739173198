import type { JsonSchema } from "./openapi-types";
import { Markdownish } from "./Markdownish";
import { ScrollRegion } from "./ScrollRegion";

const refName = (ref: string) => ref.split("/").pop() ?? ref;

/** A short type label: `string`, `integer`, `Gift`, `string or null`, `one of: email, link`. */
export function typeLabel(schema: JsonSchema): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return `one of: ${schema.enum.join(", ")}`;
  if (schema.anyOf) return schema.anyOf.map(typeLabel).join(" or ");
  if (schema.type === "array" && schema.items) return `array of ${typeLabel(schema.items)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type ?? "any");
  return schema.format ? `${type} (${schema.format})` : type;
}

function limits(schema: JsonSchema): string {
  const parts = [];
  if (schema.maxLength !== undefined) parts.push(`max ${schema.maxLength} characters`);
  if (schema.minimum !== undefined && schema.maximum !== undefined && schema.maximum < 1e9)
    parts.push(`${schema.minimum}–${schema.maximum}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(", ");
}

/** The fields of an object schema as a table: name, type, required, description. */
export function SchemaTable({ schema, caption }: { schema: JsonSchema; caption: string }) {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return null;
  const required = new Set(schema.required ?? []);
  return (
    <ScrollRegion label={caption} className="mt-3">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Field
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Type
            </th>
            <th scope="col" className="py-2 font-semibold">
              Description
            </th>
          </tr>
        </thead>
        <tbody>
          {properties.map(([name, property]) => (
            <tr key={name} className="border-b border-stone-200 align-top">
              <th scope="row" className="py-2 pr-4 font-mono text-[0.85em] font-normal">
                {name}
                {required.has(name) && (
                  <span className="ml-1 text-xs font-sans font-semibold text-red-800">required</span>
                )}
              </th>
              <td className="py-2 pr-4 text-stone-700">{typeLabel(property)}</td>
              <td className="py-2 text-stone-700">
                <Markdownish text={property.description} />
                {limits(property) && <p className="text-stone-600">{limits(property)}</p>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
