import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { docSection, readDoc } from "@/lib/testing/docs";
import { ERROR_CODES } from "./error-codes";

/*
 * ERROR_CODES is the code's list of error codes: the OpenAPI document and /docs render it, and
 * docs/api.md's "Error codes" table must name the same codes. Which codes the code can produce is
 * read from its source (TypeScript's parser, no type checker): the code argument of every call
 * to a function or constructor with a parameter named `code` (HttpError, conflictAt, BillingError,
 * the zod `fail` helper, the budget's and caps' refusals…), and every object literal with both a
 * `code` and a `detail` (a FieldProblem or an error entry). A code argument that is a literal, a
 * conditional, a `??`, a template (`already_${stage}` → `already_<…>`), a local const or a call
 * to a one-expression function is followed; one read from another object (`p.code`,
 * `error.code`) passes a code made elsewhere on. Anything else fails the test, so a new way of
 * making codes has to be taught here rather than slip past.
 */

const ROOT = path.join(import.meta.dirname, "..", "..", "..");
/**
 * Not scanned: the website (the dashboard's CSV upload reports its problems on its own page, not
 * in error documents) and the OpenAPI description, which describes error entries but makes none.
 */
const NOT_API = [/^lib\/dashboard\//, /^app\/\(site\)\//, /^lib\/api\/openapi\//];
/** Errors whose codes are no JSON:API error code: the OAuth token endpoint's RFC 6749 `error` (docs/oauth.md). */
const OTHER_ERRORS = ["OAuthError"];

const sourceFiles = () =>
  ["lib", "app"]
    .flatMap((dir) => (readdirSync(path.join(ROOT, dir), { recursive: true }) as string[]).map((f) => `${dir}/${f}`))
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|\/__tests__\/|^lib\/(generated|testing)\//.test(f))
    .filter((f) => !NOT_API.some((re) => re.test(f)));

type Fn = {
  codeIndex: number;
  codeDefault?: ts.Expression;
  body?: ts.Expression;
  node: ts.SignatureDeclaration;
  sf: ts.SourceFile;
  /** An Error subclass's constructor. */
  isError: boolean;
};

const nameOf = (node: ts.Node, sf: ts.SourceFile) => node.getText(sf);
const snakeCase = (title: string) => title.replace(/(?<=[a-z0-9])(?=[A-Z])/g, "_").toLowerCase();

function producedCodes() {
  const files = sourceFiles().map((f) =>
    ts.createSourceFile(f, readFileSync(path.join(ROOT, f), "utf8"), ts.ScriptTarget.Latest, true),
  );
  // Every function-like with its parameters, by name (functions, arrow consts, class constructors).
  const fns = new Map<string, Fn>();
  const consts = new Map<ts.SourceFile, Map<string, ts.Expression>>();
  const record = (name: string, node: ts.SignatureDeclaration, sf: ts.SourceFile, isError = false) => {
    const codeIndex = node.parameters.findIndex((p) => nameOf(p.name, sf) === "code");
    const body = ts.isArrowFunction(node) && !ts.isBlock(node.body) ? node.body : undefined;
    fns.set(name, { codeIndex, codeDefault: node.parameters[codeIndex]?.initializer, body, node, sf, isError });
  };
  for (const sf of files) {
    const local = new Map<string, ts.Expression>();
    consts.set(sf, local);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionDeclaration(node) && node.name) record(node.name.text, node, sf);
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        if (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
          record(node.name.text, node.initializer, sf);
        else local.set(node.name.text, node.initializer);
      }
      if (ts.isClassDeclaration(node) && node.name && !OTHER_ERRORS.includes(node.name.text)) {
        const isError = /\bextends (\w*Error)\b/.test(node.heritageClauses?.map((h) => h.getText(sf)).join(" ") ?? "");
        for (const member of node.members)
          if (ts.isConstructorDeclaration(member)) record(node.name.text, member, sf, isError);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  // The functions whose `code` parameter becomes an error's code: an Error's constructor, one
  // that hands it to zod's addIssue, or one that passes `code` on to such a function.
  const makesCodes = new Set([...fns].filter(([, fn]) => fn.codeIndex >= 0 && fn.isError).map(([name]) => name));
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, fn] of fns) {
      if (fn.codeIndex < 0 || makesCodes.has(name)) continue;
      let passes = false;
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression))
          passes ||= node.expression.name.text === "addIssue";
        if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression)) {
          const callee = node.expression.text;
          const arg = node.arguments?.[fns.get(callee)?.codeIndex ?? -1];
          passes ||= makesCodes.has(callee) && !!arg && ts.isIdentifier(arg) && arg.text === "code";
        }
        ts.forEachChild(node, visit);
      };
      visit(fn.node);
      if (passes) grew = !!makesCodes.add(name);
    }
  }

  const codes = new Map<string, string>(); // code → where
  const unresolved: string[] = [];
  const where = (node: ts.Node, sf: ts.SourceFile) =>
    `${sf.fileName}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
  const resolve = (expr: ts.Expression, sf: ts.SourceFile, at: string, depth = 0): void => {
    if (depth > 5) return void unresolved.push(`${at}: ${expr.getText(sf)}`);
    if (ts.isStringLiteralLike(expr)) return void (codes.has(expr.text) || codes.set(expr.text, at));
    if (ts.isParenthesizedExpression(expr)) return resolve(expr.expression, sf, at, depth);
    if (ts.isTemplateExpression(expr)) {
      const pattern = expr.head.text + expr.templateSpans.map((s) => `<…>${s.literal.text}`).join("");
      return void (codes.has(pattern) || codes.set(pattern, at));
    }
    if (ts.isConditionalExpression(expr)) {
      resolve(expr.whenTrue, sf, at, depth + 1);
      return resolve(expr.whenFalse, sf, at, depth + 1);
    }
    if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) {
      resolve(expr.left, sf, at, depth + 1);
      return resolve(expr.right, sf, at, depth + 1);
    }
    // A code read from an error or a problem made elsewhere: passed on, found where it was made.
    if (ts.isPropertyAccessExpression(expr) && expr.name.text === "code") return;
    if (ts.isIdentifier(expr)) {
      const value = consts.get(sf)?.get(expr.text);
      if (value) return resolve(value, sf, at, depth + 1);
      if (expr.text === "code") return; // a `code` parameter: its callers' arguments are scanned
      if (expr.text === "undefined") return;
    }
    if (ts.isCallExpression(expr) && ts.isIdentifier(expr.expression)) {
      const fn = fns.get(expr.expression.text);
      if (fn?.body) return resolve(fn.body, fn.sf, at, depth + 1);
    }
    unresolved.push(`${at}: ${expr.getText(sf)}`);
  };

  for (const sf of files) {
    const visit = (node: ts.Node) => {
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression)) {
        const name = node.expression.text;
        const fn = fns.get(name);
        if (fn && makesCodes.has(name)) {
          const args = node.arguments ?? [];
          const arg = args[fn.codeIndex] ?? fn.codeDefault;
          if (arg) resolve(arg, sf, where(node, sf));
          else if (name === "HttpError" && ts.isStringLiteralLike(args[1]))
            resolve(ts.factory.createStringLiteral(snakeCase(args[1].text)), sf, where(node, sf));
          else if (name === "HttpError")
            unresolved.push(`${where(node, sf)}: HttpError without a literal title or code`);
        }
      }
      if (ts.isObjectLiteralExpression(node)) {
        const props = new Map(
          node.properties.filter(ts.isPropertyAssignment).map((p) => [nameOf(p.name, sf), p.initializer] as const),
        );
        const code = props.get("code");
        if (code && node.properties.some((p) => p.name && nameOf(p.name, sf) === "detail"))
          resolve(code, sf, where(node, sf));
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { codes, unresolved };
}

const listed = ERROR_CODES.map((c) => c.code);
/**
 * A code family: `already_<stage>` in the list, `already_${stage}` in the code (`already_<…>` here).
 * Two codes match when they are equal as families, or one is a family and the other a member.
 */
const family = (code: string) => code.replace(/<[^>]*>/g, "<…>");
const asPattern = (code: string) =>
  new RegExp(
    `^${family(code)
      .split("<…>")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("[a-z_]+")}$`,
  );
const same = (a: string, b: string) => family(a) === family(b) || asPattern(a).test(b) || asPattern(b).test(a);

describe("error codes: the code's, ERROR_CODES and docs/api.md's table", () => {
  it("every code the API can produce is in ERROR_CODES, and each listed code is produced", () => {
    const { codes, unresolved } = producedCodes();
    expect(unresolved, "code arguments this test cannot follow").toEqual([]);
    const missing = [...codes]
      .filter(([code]) => !listed.some((c) => same(c, code)))
      .map(([code, at]) => `${code} (${at})`);
    expect(missing, "codes the API produces that ERROR_CODES lacks").toEqual([]);
    expect(
      listed.filter((code) => ![...codes.keys()].some((made) => same(made, code))),
      "codes ERROR_CODES lists that nothing produces",
    ).toEqual([]);
  });

  it("docs/api.md's table names the same codes with the same statuses", () => {
    const rows = docSection(readDoc("docs/api.md"), "## Error codes")
      .split("\n")
      .filter((line) => line.startsWith("| `"))
      .map((line) => line.split("|").map((cell) => cell.trim()));
    const documented = rows.map(([, code, status]) => [code.replace(/^`|`$/g, ""), status] as const);
    expect(new Set(documented.map(([code]) => code)).size).toBe(documented.length);
    expect(documented.map(([code]) => code).sort()).toEqual([...listed].sort());
    for (const { code, status } of ERROR_CODES)
      expect(documented.find(([c]) => c === code)?.[1], code).toContain(String(status));
  });
});
