/**
 * No words written straight into the UI's components: text in JSX, the names and hints people read
 * (aria-label, title, placeholder, a dialog's title or message) and strings a JSX expression shows
 * all come from the catalog (`src/ui/i18n`), and so do messages handed to `setError` or `flash`, so a
 * second language covers them. Values that are not words (symbols such as "×" or "—") pass.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const UI = join(import.meta.dirname, "../src/ui");
/** Attributes whose value people read or hear (native ones and the admin's own components'). */
const READ_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
  "title",
  "placeholder",
  "alt",
  "label",
  "heading",
  "message",
  "confirm",
]);
const WORD = /\p{L}/u;
/** The setters whose argument the page shows as a message. */
const MESSAGE_SETTERS = /^(setError|setMessage|setStatus|setFormError|setLoadError|showErrors)$/;

/** The UI's components and the modules beside them, the catalog and tests left out. */
function uiFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "i18n" ? [] : uiFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The text of a literal with words in it, if `node` is one ("Save", `Delete ${x}`). */
function wordsOf(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    return WORD.test(node.text) ? node.text : null;
  }
  if (ts.isTemplateExpression(node)) {
    const text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join("…");
    return WORD.test(text) ? text : null;
  }
  return null;
}

/** The literals an expression shows as it is: itself, or either branch of a condition, or the right of `&&`/`??`/`||`. */
function shownLiterals(node: ts.Expression): string[] {
  const inner = ts.isParenthesizedExpression(node) ? node.expression : node;
  const own = wordsOf(inner);
  if (own !== null) return [own];
  if (ts.isConditionalExpression(inner)) return [...shownLiterals(inner.whenTrue), ...shownLiterals(inner.whenFalse)];
  if (ts.isBinaryExpression(inner)) {
    const operator = inner.operatorToken.kind;
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return shownLiterals(inner.right);
    if (operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken) {
      return [...shownLiterals(inner.left), ...shownLiterals(inner.right)];
    }
  }
  return [];
}

/** Each literal a `.tsx` source shows people, as "line: text". */
export function literalsIn(source: string, fileName = "component.tsx"): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    found.push(`${line}: ${text.trim().replace(/\s+/g, " ")}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && WORD.test(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const text of shownLiterals(node.expression)) report(node, text);
    }
    if (ts.isJsxAttribute(node) && node.initializer && READ_ATTRIBUTES.has(node.name.getText(file))) {
      const value = node.initializer;
      const texts = ts.isJsxExpression(value) ? (value.expression ? shownLiterals(value.expression) : []) : [];
      if (ts.isStringLiteral(value) && WORD.test(value.text)) texts.push(value.text);
      for (const text of texts) report(node, `${node.name.getText(file)}=${text}`);
    }
    // Messages handed to the state that shows them: `setError("…")`, `flash.value = "…"`.
    if (ts.isCallExpression(node) && MESSAGE_SETTERS.test(node.expression.getText(file))) {
      for (const argument of node.arguments) for (const text of shownLiterals(argument)) report(node, text);
    }
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      node.left.getText(file) === "flash.value"
    ) {
      for (const text of shownLiterals(node.right)) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("the UI's words", () => {
  it("come from the catalog: no literal text in a component or a message", () => {
    const problems = uiFiles(UI).flatMap((path) =>
      literalsIn(readFileSync(path, "utf8"), path).map((found) => `${relative(UI, path)}:${found}`),
    );
    expect(problems).toEqual([]);
  });

  it("finds text, read attributes, shown strings and messages, and passes symbols and catalog calls", () => {
    const source = `
      const a = <p>Save</p>;
      const b = <button aria-label="Close dialog">×</button>;
      const c = <p>{busy ? "Saving…" : t("change.save")}</p>;
      const d = <Modal title={\`Delete \${name}\`} />;
      const e = <span>{t("list.remove")} — {count}</span>;
      const f = <input type="text" class="wide" placeholder={t("list.search")} />;
      setError(failed ? "Could not save." : messageOf(error));
      flash.value = \`Saved \${name}.\`;
      setOpen("save");
    `;
    expect(literalsIn(source)).toEqual([
      "2: Save",
      "3: aria-label=Close dialog",
      "4: Saving…",
      "5: title=Delete …",
      "8: Could not save.",
      "9: Saved ….",
    ]);
  });
});
