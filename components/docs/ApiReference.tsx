import type { JsonSchema, OpenApi, Operation } from "./openapi-types";
import { docsAnchor as anchor } from "./anchors";
import { DocsSearchForm } from "./DocsSearchForm";
import { exampleBody } from "./example-body";
import { Markdownish } from "./Markdownish";
import { SchemaTable, typeLabel } from "./SchemaTable";
import { ScrollRegion, SCROLL_FOCUS } from "./ScrollRegion";

/** A row of the error table; `anchor` is the id each error's `links.about` names. */
type ErrorCode = { code: string; status: number; meaning: string; anchor: string };
type Entry = { path: string; method: string; operation: Operation; defaultTeamPath?: string };

/** A code block wider than the screen scrolls; tabIndex lets a keyboard reach it to scroll it (axe: scrollable-region-focusable). */
const CODE_BLOCK = `overflow-x-auto whitespace-pre-wrap break-words rounded bg-stone-900 p-4 text-sm text-stone-100 sm:whitespace-pre ${SCROLL_FOCUS}`;

const schemaOf = (ref: JsonSchema | undefined, schemas: Record<string, JsonSchema>) =>
  ref?.$ref ? schemas[ref.$ref.split("/").pop()!] : ref;

/** Team-scoped operations once, with their default-team twin named beside them. */
function entriesByTag(doc: OpenApi): Map<string, Entry[]> {
  const byTag = new Map<string, Entry[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation.operationId.endsWith("OnDefaultTeam")) continue;
      const twin = path.replace("/teams/{team_id}", "");
      const entry = { path, method, operation, defaultTeamPath: twin !== path ? twin : undefined };
      const tag = operation.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), entry]);
    }
  }
  return byTag;
}

function curl(entry: Entry, doc: OpenApi): string {
  const path = (entry.defaultTeamPath ?? entry.path).replace("{id}", "$GIFT_ID");
  const lines = [
    `curl -s${entry.method === "get" ? "g" : ""} ${entry.method === "get" ? "" : `-X ${entry.method.toUpperCase()} `}"$RIBBON_API${path}" \\`,
    `  -H "Authorization: Bearer $RIBBON_TOKEN"`,
  ];
  const body = entry.operation.requestBody?.content["application/json"]?.schema;
  if (body) {
    lines[1] += " \\";
    lines.push(
      `  -H "Content-Type: application/json" \\`,
      `  -d '${JSON.stringify(exampleBody(body, doc.components.schemas))}'`,
    );
  }
  return lines.join("\n");
}

function Endpoint({ entry, doc }: { entry: Entry; doc: OpenApi }) {
  const { operation } = entry;
  const params = (operation.parameters ?? []).filter((p) => p.in !== "path" || p.name !== "team_id");
  const body = schemaOf(operation.requestBody?.content["application/json"]?.schema, doc.components.schemas);
  const bodyFields = body?.properties?.gift ?? body;
  return (
    <section aria-labelledby={anchor(operation.operationId)} className="border-t border-stone-200 py-8">
      <h3 id={anchor(operation.operationId)} className="text-xl font-semibold">
        {operation.summary}
      </h3>
      {/* A long path wraps anywhere rather than widening a phone's page. */}
      <p className="mt-2 font-mono text-sm [overflow-wrap:anywhere]">
        <span className="mr-2 rounded bg-stone-800 px-2 py-0.5 font-semibold text-white">
          {entry.method.toUpperCase()}
        </span>
        {entry.path}
      </p>
      {entry.defaultTeamPath && (
        <p className="mt-1 text-sm text-stone-600">
          Also <code className="font-mono">{entry.defaultTeamPath}</code> on the caller&apos;s default team.
        </p>
      )}
      <Markdownish text={operation.description} className="mt-3 text-stone-700" />
      {params.length > 0 && (
        <>
          <h4 className="mt-5 font-semibold">Parameters</h4>
          <SchemaTable
            caption={`Parameters of ${operation.summary}`}
            schema={{
              properties: Object.fromEntries(
                params.map((p) => [`${p.name} (${p.in})`, { ...p.schema, description: p.description }]),
              ),
              required: params.filter((p) => p.required).map((p) => `${p.name} (${p.in})`),
            }}
          />
        </>
      )}
      {bodyFields && (
        <>
          <h4 className="mt-5 font-semibold">
            Body: <code className="font-mono text-sm">{body?.properties?.gift ? '{"gift": {…}}' : "JSON"}</code>
          </h4>
          <SchemaTable caption={`Body fields of ${operation.summary}`} schema={bodyFields} />
          {bodyFields.properties?.recipients_attributes?.items && (
            <>
              <h5 className="mt-4 font-semibold">Each recipient</h5>
              <SchemaTable caption="Recipient fields" schema={bodyFields.properties.recipients_attributes.items} />
            </>
          )}
        </>
      )}
      <h4 className="mt-5 font-semibold">Responses</h4>
      <ul className="mt-2 space-y-1 text-sm text-stone-700">
        {Object.entries(operation.responses).map(([status, response]) => {
          const schema = response.content && Object.values(response.content)[0]?.schema;
          return (
            <li key={status}>
              <span className="font-mono font-semibold">{status}</span>{" "}
              <Markdownish inline text={response.description} />{" "}
              {schema?.$ref && (
                <a className="text-red-800 underline" href={`#schema-${typeLabel(schema)}`}>
                  {typeLabel(schema)}
                </a>
              )}
            </li>
          );
        })}
      </ul>
      <h4 className="mt-5 font-semibold">Example</h4>
      <pre tabIndex={0} className={`mt-2 ${CODE_BLOCK}`}>
        <code>{curl(entry, doc)}</code>
      </pre>
    </section>
  );
}

/** The API reference, rendered on the server from the OpenAPI document: no client JavaScript. */
export function ApiReference({
  doc,
  errorCodes,
  tokenHint,
  searchMaxLength,
}: {
  doc: OpenApi;
  errorCodes: ErrorCode[];
  tokenHint: string;
  /** The docs search's longest query (app/(site)/docs/search-index.ts). */
  searchMaxLength: number;
}) {
  const byTag = entriesByTag(doc);
  const base = doc.servers?.[0]?.url ?? "";
  const resources = Object.entries(doc.components.schemas).filter(([, s]) => s.properties?.attributes);
  const contents = (
    <>
      <li>
        <a className="underline" href="#quick-start">
          Quick start
        </a>
      </li>
      <li>
        <a className="underline" href="#authentication">
          Authentication
        </a>
      </li>
      {[...byTag.keys()].map((tag) => (
        <li key={tag}>
          <a className="underline" href={`#tag-${anchor(tag)}`}>
            {tag}
          </a>
        </li>
      ))}
      <li>
        <a className="underline" href="#resources">
          Resources
        </a>
      </li>
      <li>
        <a className="underline" href="#errors">
          Errors
        </a>
      </li>
      <li>
        <a className="underline" href="/docs/agents">
          AI agents (MCP) guide
        </a>
      </li>
      <li>
        <a className="underline" href="/api/v1/openapi.json">
          OpenAPI document
        </a>
      </li>
    </>
  );
  return (
    <div className="lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-10">
      {/* The contents: a sidebar on a wide screen, a list to open at the top on a phone. */}
      <details className="mb-6 rounded border border-stone-200 p-3 lg:hidden">
        <summary className="cursor-pointer font-semibold">Contents</summary>
        <nav aria-label="Reference, contents">
          <ul className="mt-2 space-y-1 text-sm">{contents}</ul>
        </nav>
      </details>
      <nav aria-label="Reference" className="hidden lg:block">
        <ul className="sticky top-6 space-y-1 text-sm">{contents}</ul>
      </nav>
      <div className="min-w-0">
        <h1 className="text-3xl font-semibold tracking-tight">{doc.info.title} reference</h1>
        <div className="mt-4">
          <DocsSearchForm maxLength={searchMaxLength} />
        </div>
        <Markdownish text={doc.info.description} className="mt-4 text-stone-700" />

        <section aria-labelledby="quick-start" className="mt-10">
          <h2 id="quick-start" className="text-2xl font-semibold">
            Quick start
          </h2>
          <p className="mt-3 text-stone-700">{tokenHint}</p>
          <pre tabIndex={0} className={`mt-3 ${CODE_BLOCK}`}>
            <code>{`export RIBBON_API=${base}
export RIBBON_TOKEN=rbn_sbox_…   # your sandbox token

curl -s "$RIBBON_API/teams" -H "Authorization: Bearer $RIBBON_TOKEN"
curl -s -X POST "$RIBBON_API/gifts" -H "Authorization: Bearer $RIBBON_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"gift":{"name":"Robin","email":"robin@example.com","collection":"Coffee Lovers","message":"Thank you!","from":"Alex"}}'
curl -sg "$RIBBON_API/gifts?page[size]=5" -H "Authorization: Bearer $RIBBON_TOKEN"`}</code>
          </pre>
        </section>

        <section aria-labelledby="authentication" className="mt-10">
          <h2 id="authentication" className="text-2xl font-semibold">
            Authentication
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-6 text-stone-700">
            {Object.entries(doc.components.securitySchemes).map(([name, scheme]) => (
              <li key={name}>
                <Markdownish text={scheme.description} />
              </li>
            ))}
          </ul>
        </section>

        {[...byTag.entries()].map(([tag, entries]) => (
          <section key={tag} aria-labelledby={`tag-${anchor(tag)}`} className="mt-10">
            <h2 id={`tag-${anchor(tag)}`} className="text-2xl font-semibold">
              {tag}
            </h2>
            <Markdownish text={doc.tags?.find((t) => t.name === tag)?.description} className="mt-2 text-stone-700" />
            {entries.map((entry) => (
              <Endpoint key={`${entry.method} ${entry.path}`} entry={entry} doc={doc} />
            ))}
          </section>
        ))}

        <section aria-labelledby="resources" className="mt-10">
          <h2 id="resources" className="text-2xl font-semibold">
            Resources
          </h2>
          {resources.map(([name, schema]) => (
            <section key={name} aria-labelledby={`schema-${name}`} className="border-t border-stone-200 py-6">
              <h3 id={`schema-${name}`} className="text-xl font-semibold">
                {name}
              </h3>
              <Markdownish text={schema.description} className="mt-2 text-stone-700" />
              <SchemaTable caption={`Attributes of ${name}`} schema={schema.properties!.attributes} />
            </section>
          ))}
        </section>

        <section aria-labelledby="errors" className="mt-10">
          <h2 id="errors" className="text-2xl font-semibold">
            Errors
          </h2>
          <p className="mt-3 text-stone-700">
            Every failure is a JSON:API error document. Each entry has a stable <code>code</code>; validation reports
            every problem at once, each with a <code>source.pointer</code>. The document&apos;s{" "}
            <code>meta.request-id</code> matches the <code>Request-Id</code> header.
          </p>
          <ScrollRegion label="Error codes" className="mt-3">
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">Error codes</caption>
              <thead>
                <tr className="border-b border-stone-300">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Code
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    Meaning
                  </th>
                </tr>
              </thead>
              <tbody>
                {errorCodes.map((e) => (
                  <tr key={e.code} id={e.anchor} className="scroll-mt-4 border-b border-stone-200 align-top">
                    <th scope="row" className="py-2 pr-4 font-mono font-normal">
                      {e.code}
                    </th>
                    <td className="py-2 pr-4">{e.status}</td>
                    <td className="py-2 text-stone-700">
                      <Markdownish text={e.meaning} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </section>
      </div>
    </div>
  );
}
