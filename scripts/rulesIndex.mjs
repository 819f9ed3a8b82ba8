// Writes docs/rules-index.md: every rule number (R001–R606) the code cites, with the rule's one-line
// statement, the Chinese texts on the lines that cite it, and the files that enforce and test it.
// A comment that says "R212" resolves there, inside the repository.
//
//   node scripts/rulesIndex.mjs                   npm run rules:index: (re)write docs/rules-index.md
//   node scripts/rulesIndex.mjs --check           npm run lint: exit 1 when docs/rules-index.md is stale
//   node scripts/rulesIndex.mjs --titles <file>   take the rule statements from a checklist whose lines
//                                                 read "- [ ] R### area: rule → message [source]"
//
// Everything but the statements comes from the code. The statements ("- Rule:" lines) are kept from
// the index itself, so a clone needs nothing outside the repository; a rule cited for the first time
// gets "—" until someone writes its statement there (the generator keeps what is written).
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const OUT = join(root, "docs", "rules-index.md");
const ROOTS = ["packages/core/src", "packages/core/test", "packages/functions/src", "packages/functions/test", "packages/local/src", "packages/local/test"];
const MORE_ROOTS = ["web/src", "web/e2e", "site/src", "stacks", "infra-tests"];
const EXT = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIP = new Set(["node_modules", "dist", ".sst", "cdk.out", ".data", "screenshots"]);
const MAX_TEXTS = 4;
const MAX_RANGE = 40;

const args = process.argv.slice(2);
const check = args.includes("--check");
const titlesAt = args.indexOf("--titles");
const titlesFile = titlesAt >= 0 ? args[titlesAt + 1] : undefined;
const unknown = args.filter((a, i) => a !== "--check" && a !== "--titles" && !(titlesAt >= 0 && i === titlesAt + 1));
if (unknown.length || (titlesAt >= 0 && !titlesFile)) {
  console.error(`rulesIndex.mjs: unknown argument ${unknown.join(" ") || "--titles without a file"}`);
  process.exit(2);
}

/** The package roots of the workspace (packages/*), then the other roots. */
function roots() {
  const pkgs = existsSync(join(root, "packages")) ? readdirSync(join(root, "packages")).sort() : [];
  const fromPackages = pkgs.flatMap((p) => [`packages/${p}/src`, `packages/${p}/test`]);
  return [...new Set([...fromPackages, ...ROOTS, ...MORE_ROOTS])].filter((r) => existsSync(join(root, r)));
}

function walk(dir, out) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name) || e.name.startsWith(".")) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (EXT.test(e.name)) out.push(relative(root, p).split("\\").join("/"));
  }
  return out;
}

const isTest = (file) =>
  /(^|\/)(test|e2e)\//.test(file) || file.startsWith("infra-tests/") || /\.(test|spec)\.[cm]?[jt]sx?$/.test(file) || /(^|\/)(vitest|setup)[^/]*\.[jt]s$/.test(file);

// ---- texts on a line -------------------------------------------------------------------------

const HAN = /\p{Script=Han}/u;
const HAN_ALL = /\p{Script=Han}/gu;
const LITERAL = /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\\n]|\\.)*)`/g;
// A run of Chinese in prose: starts with a Han character, may hold ASCII letters and digits
// (获取openId出错) and full-width punctuation, ends on Han or full-width punctuation.
const RUN = /\p{Script=Han}(?:[\p{Script=Han}\u3000-\u303F\uFF00-\uFFEF0-9A-Za-z{}$]*[\p{Script=Han}\u3000-\u303F\uFF00-\uFFEF])?/gu;
const RULE = /\bR(\d{3})\b/g;
const HAS_RULE = /\bR\d{3}\b/;
const COMMENT = /^\s*(\/\/|\/\*|\*)|^\s*$/;
const RANGE = /\bR(\d{3})(?:\s*[–—-]\s*R(\d{3})|[–-](\d{1,2}))\b/g;

/** A literal reads as a message when it holds Chinese and is not mostly English. */
function isMessage(s) {
  if (!HAN.test(s) || s.length > 80) return false;
  const han = s.match(HAN_ALL).length;
  const latin = (s.match(/[A-Za-z]/g) ?? []).length;
  return han >= latin;
}

/** Chinese literals and (outside them) Chinese runs of the line, each with its column. */
function textsOf(line) {
  const literals = [];
  const runs = [];
  let rest = "";
  let last = 0;
  for (const m of line.matchAll(LITERAL)) {
    const body = m[1] ?? m[2] ?? m[3] ?? "";
    if (isMessage(body)) literals.push({ text: body.replace(/\\(["'`\\])/g, "$1"), at: m.index });
    rest += line.slice(last, m.index) + " ".repeat(m[0].length);
    last = m.index + m[0].length;
  }
  rest += line.slice(last);
  for (const m of rest.matchAll(RUN)) {
    if (m[0].match(HAN_ALL).length >= 2) runs.push({ text: m[0], at: m.index });
  }
  return { literals, runs };
}

/** Rule numbers a line names, each with its column, and those a range covers (no column). */
function rulesOf(line) {
  const named = [...line.matchAll(RULE)].map((m) => ({ rule: `R${m[1]}`, at: m.index }));
  const covered = new Set();
  for (const m of line.matchAll(RANGE)) {
    const from = Number(m[1]);
    const toDigits = m[2] ?? m[3];
    const to = toDigits.length === 3 ? Number(toDigits) : Number(m[1].slice(0, 3 - toDigits.length) + toDigits);
    if (to > from && to - from <= MAX_RANGE) for (let n = from + 1; n < to; n++) covered.add(`R${String(n).padStart(3, "0")}`);
    if (toDigits.length < 3 && to > from) covered.add(`R${String(to).padStart(3, "0")}`);
  }
  for (const r of named) covered.delete(r.rule);
  return { named, covered: [...covered] };
}

// ---- scan ------------------------------------------------------------------------------------

const files = roots()
  .flatMap((r) => walk(join(root, r), []))
  .sort();
const sources = new Map(files.map((f) => [f, readFileSync(join(root, f), "utf8").split(/\r?\n/)]));

// Named Chinese constants (const NO_FUNCTION = "功能编号不正确"): a line that names one holds its text.
const CONST = /\bconst\s+([A-Z][A-Z0-9_]*)\s*(?::[^=]+)?=\s*(["'`])((?:(?!\2)[^\\\n]|\\.)*)\2\s*(?:as const)?\s*;/;
const constants = new Map(); // name -> Map(file -> text)
for (const [file, lines] of sources) {
  for (const line of lines) {
    const m = CONST.exec(line);
    if (m && isMessage(m[3])) {
      if (!constants.has(m[1])) constants.set(m[1], new Map());
      constants.get(m[1]).set(file, m[3]);
    }
  }
}
function constantsNamed(line, file) {
  const found = [];
  for (const m of line.matchAll(/\b[A-Z][A-Z0-9_]{2,}\b/g)) {
    const byFile = constants.get(m[0]);
    if (!byFile) continue;
    const text = byFile.get(file) ?? (byFile.size === 1 ? [...byFile.values()][0] : undefined);
    if (text) found.push({ text, at: m.index });
  }
  return found;
}

/** rule -> { src:Set, test:Set, literals:{src:[],test:[]}, runs:{src:[],test:[]} } */
const rules = new Map();
const entry = (rule) => {
  if (!rules.has(rule)) rules.set(rule, { src: new Set(), test: new Set(), literals: { src: [], test: [] }, runs: { src: [], test: [] } });
  return rules.get(rule);
};

for (const [file, lines] of sources) {
  const side = isTest(file) ? "test" : "src";
  lines.forEach((line, i) => {
    if (!line.includes("R")) return;
    const { named, covered } = rulesOf(line);
    if (!named.length) return;
    for (const r of covered) entry(r)[side].add(file);
    for (const r of named) entry(r.rule)[side].add(file);

    const { literals, runs } = textsOf(line);
    literals.push(...constantsNamed(line, file));
    // Each text goes to the rule named nearest to it on the line.
    const nearest = (at) => named.reduce((best, r) => (Math.abs(r.at - at) < Math.abs(best.at - at) ? r : best)).rule;
    for (const t of literals) entry(nearest(t.at)).literals[side].push(t.text);
    for (const t of runs) entry(nearest(t.at)).runs[side].push(t.text);

    // A comment naming one rule and no text, just above code: the message is on that code's first line.
    if (!literals.length && !runs.length && COMMENT.test(line) && new Set(named.map((r) => r.rule)).size === 1) {
      const j = [i + 1, i + 2].find((k) => lines[k] !== undefined && !COMMENT.test(lines[k]));
      const near = j === undefined ? undefined : lines[j];
      if (near !== undefined && !HAS_RULE.test(near)) entry(named[0].rule).literals[side].push(...[...textsOf(near).literals, ...constantsNamed(near, file)].map((t) => t.text));
    }
  });
}

// ---- statements ------------------------------------------------------------------------------

/** The statements the index already holds ("- Rule: …" under "## R###"). */
function keptTitles() {
  const titles = new Map();
  if (!existsSync(OUT)) return titles;
  let current;
  for (const line of readFileSync(OUT, "utf8").split(/\r?\n/)) {
    const h = /^## (R\d{3})\s*$/.exec(line);
    if (h) current = h[1];
    const t = /^- Rule: (.*)$/.exec(line);
    if (t && current && t[1].trim() !== "—") titles.set(current, t[1].trim());
  }
  return titles;
}

/** Statements from a checklist ("- [ ] R043 area: rule → message [0][1]"), sources dropped. */
function checklistTitles(file) {
  const titles = new Map();
  for (const line of readFileSync(resolve(file), "utf8").split(/\r?\n/)) {
    const m = /^\s*-\s*\[[ xX]\]\s*(R\d{3})\s+(.*)$/.exec(line);
    if (m) titles.set(m[1], m[2].replace(/(\s*\[\d\])+\s*$/, "").trim());
  }
  return titles;
}

const titles = keptTitles();
if (titlesFile) for (const [r, t] of checklistTitles(titlesFile)) titles.set(r, t);

// ---- write -----------------------------------------------------------------------------------

const distinct = (list) => [...new Set(list.map((t) => t.trim()).filter(Boolean))];
const code = (t) => (t.includes("`") ? `\`\` ${t} \`\`` : `\`${t}\``);
const link = (f) => `[${f}](../${f})`;

// Every Chinese literal of the source: a rule whose citing lines hold no text may still have its message
// held word for word elsewhere (a table of messages keyed by name).
const sourceLiterals = new Set();
for (const [file, lines] of sources) if (!isTest(file)) for (const line of lines) for (const t of textsOf(line).literals) sourceLiterals.add(t.text);

/** The messages of a rule's statement ("… → 该酒店不支持使用房券") that the source holds as literals. */
function heldMessages(title) {
  if (!title || !title.includes("→")) return [];
  const said = title.slice(title.lastIndexOf("→") + 1);
  return [...said.matchAll(RUN)].map((m) => m[0]).filter((t) => sourceLiterals.has(t));
}

function textsFor(e, title) {
  // The source's own words first: its literals, else the statement's message where the source holds it,
  // else its comments; the tests' only when the source has none.
  const chosen = [e.literals.src, heldMessages(title), e.runs.src, e.literals.test, e.runs.test].map(distinct).find((l) => l.length) ?? [];
  if (!chosen.length) return "—";
  const shown = chosen.slice(0, MAX_TEXTS).map(code).join(" · ");
  return chosen.length > MAX_TEXTS ? `${shown} · … (${chosen.length - MAX_TEXTS} more)` : shown;
}

const ordered = [...rules.keys()].sort();
const withText = ordered.filter((r) => textsFor(rules.get(r), titles.get(r)) !== "—").length;
const withTitle = ordered.filter((r) => titles.has(r)).length;

const out = [
  "# Rules index",
  "",
  "<!-- Generated by scripts/rulesIndex.mjs (`npm run rules:index`); `npm run lint` fails when it is stale. Edit only the `- Rule:` lines: the generator keeps them. -->",
  "",
  "The business rules of the product are numbered R001–R606 (the numbering of the specification's checklist of rules, transitions, validations and messages). Comments and tests cite a rule by its number; this index resolves every number the code cites, inside the repository:",
  "",
  "- **Rule**: the rule's one-line statement (`area: rule → message`).",
  "- **Text in the code**: the Chinese texts on the lines that cite the rule — the source's string literals (and the named constants those lines use), else the message of the rule's statement where the source holds it word for word, else the Chinese words of the source's comments, else the same from the tests; — when the citing lines hold none.",
  "- **Enforced in** / **Tested in**: the source files and the test files that cite it (a range such as R215–R226 cites every rule in it).",
  "",
  `${ordered.length} rules cited; ${withText} with a text in the code; ${withTitle} with a statement.`,
  "",
];
for (const r of ordered) {
  const e = rules.get(r);
  out.push(`## ${r}`, "");
  out.push(`- Rule: ${titles.get(r) ?? "—"}`);
  out.push(`- Text in the code: ${textsFor(e, titles.get(r))}`);
  out.push(`- Enforced in: ${[...e.src].sort().map(link).join(", ") || "—"}`);
  out.push(`- Tested in: ${[...e.test].sort().map(link).join(", ") || "—"}`);
  out.push("");
}
const text = out.join("\n");

if (check) {
  const current = existsSync(OUT) ? readFileSync(OUT, "utf8") : "";
  if (current !== text) {
    const section = (doc) => new Map(doc.split(/^(?=## R\d{3}$)/m).map((s) => [s.slice(3, 7), s]));
    const was = section(current);
    const now = section(text);
    const changed = [...new Set([...was.keys(), ...now.keys()])].filter((k) => /^R\d{3}$/.test(k) && was.get(k) !== now.get(k)).sort();
    const list = changed.length ? ` (${changed.slice(0, 12).join(", ")}${changed.length > 12 ? `, … ${changed.length - 12} more` : ""})` : "";
    console.error(`docs/rules-index.md is stale${list}: run \`npm run rules:index\` and commit the result.`);
    process.exit(1);
  }
} else {
  writeFileSync(OUT, text);
  console.log(`docs/rules-index.md: ${ordered.length} rules, ${withText} with a text in the code, ${withTitle} with a statement.`);
}
