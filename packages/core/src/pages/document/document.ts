import * as v from "valibot";
import { BAD_INPUT } from "../../kernel/fields.ts";
import { actionProblem, COMPONENT_KINDS, type ComponentKind } from "./component.ts";
import { badList, objectSchema, tooMany, toggle, type FieldMeta } from "./fields.ts";
import { headerFields, navbarFields, pageFields, PAGE_SECTIONS, TABBAR_MIN, TABBAR_TOO_FEW, tabbarDataFields } from "./page.ts";
import { COMPONENTS, ComponentSchema, kindLabel, type Component } from "./registry.ts";
import { applyPageRules } from "./rules.ts";

/**
 * The page document (configJson): the page's global settings, its header (navigation bar), navbar
 * (page banner), tab bar and content, each holding components. Versioned: a document of an older
 * version is migrated when it is read (`migrate`), so stored documents never need a bulk rewrite.
 *
 * Version 1 is the older console's shape: components named by `type`, lengths as "20px", lists and
 * form fields as JSON text, the tab bar's items as `list`, and no `topArea` (it followed which of
 * header and navbar was displayed). Version 2 is ours.
 */
export const DOCUMENT_VERSION = 2;
/** A page holds at most this many components (a 200-component page must save). */
export const MAX_COMPONENTS = 300;
export const MAX_HEADER_COMPONENTS = 10;

/**
 * What the navigation bar (header) holds: the short, fixed-height kinds that sit under its title on
 * its background (a search bar, a menu row, tabs, a banner, pictures, a line, a notice, a text).
 * Paged lists and forms (Information, InfoView, List, Forms, GoodsList) belong to the content: they
 * page and scroll, and a header fixed at the top (compFixed) holding them would cover the page.
 */
export const HEADER_KINDS = ["Search", "Menu", "LFTabs", "Banner", "PictureGroup", "SeparationLine", "RichText", "Msg"] as const satisfies readonly ComponentKind[];
export const inHeader = (kind: unknown): boolean => (HEADER_KINDS as readonly unknown[]).includes(kind);
/** The two lists of components a page has, as the designer edits them: which kinds each takes and how many. */
export type ComponentListName = "content" | "header";
export const COMPONENT_LISTS = {
  content: { label: "组件", max: MAX_COMPONENTS, kinds: COMPONENT_KINDS as readonly ComponentKind[] },
  // Refused by the schema inside the header's section, so its message reads 导航栏：组件数量不能超过10.
  header: { label: "组件", max: MAX_HEADER_COMPONENTS, kinds: HEADER_KINDS as readonly ComponentKind[] },
} as const;
export const NOT_IN_HEADER = "导航栏不能放置此类组件";
/** The largest configJson the server reads (characters). */
export const MAX_DOCUMENT_CHARS = 4_000_000;

export const DOC_MSG = {
  notJson: "页面配置不是有效的JSON",
  notObject: "页面配置格式不正确",
  tooLarge: "页面配置过大",
  tooNew: "页面配置版本过新，请刷新页面后重试",
  badVersion: "页面配置版本不正确",
} as const;

const componentList = (label: string, max: number) =>
  v.pipe(
    v.optional(v.nullable(v.unknown()), []),
    v.transform((x) => (x === null || x === "" ? [] : x)),
    v.check(Array.isArray, badList(label)),
    v.check((xs) => (xs as unknown[]).length <= max, tooMany(label, max)),
    v.array(ComponentSchema),
  ) as unknown as v.GenericSchema<unknown, Component[]>;

/** A section of the page (header, navbar, tab bar, content): missing, it takes every default. */
const section = <E extends v.ObjectEntries>(entries: E) =>
  v.pipe(
    v.optional(v.nullable(v.unknown()), {}),
    v.transform((x) => x ?? {}),
    v.object(entries),
  ) as unknown as v.GenericSchema<unknown, v.InferOutput<v.ObjectSchema<E, undefined>>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema's output: the fields are read by their input
const entriesOf = <F extends Record<string, { schema: v.GenericSchema<unknown, any> }>>(fields: F) =>
  Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.schema])) as { [K in keyof F]: F[K]["schema"] };

export const PageDocumentSchema = v.object({
  version: v.literal(DOCUMENT_VERSION),
  ...entriesOf(pageFields),
  header: section({ ...entriesOf(headerFields), components: componentList(COMPONENT_LISTS.header.label, COMPONENT_LISTS.header.max) }),
  navbar: section(entriesOf(navbarFields)),
  tabbar: section({ display: toggle("显示", false).schema, data: objectSchema(tabbarDataFields, "底部菜单") }),
  content: section({ display: toggle("显示", true).schema, data: componentList(COMPONENT_LISTS.content.label, COMPONENT_LISTS.content.max) }),
});
export type PageDocument = v.InferOutput<typeof PageDocumentSchema>;

export type ParseResult = { ok: true; doc: PageDocument; migrated: boolean } | { ok: false; msg: string };

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const truthy = (x: unknown) => x === true || x === 1 || x === "1" || x === "true";
const jsonOr = (x: unknown) => {
  if (typeof x !== "string" || x.trim() === "") return x;
  try {
    return JSON.parse(x);
  } catch {
    return x; // left as it is: the schema names the field that is not a list
  }
};

/** Version 1 → 2 (see above). Anything it does not recognise it leaves for the schema to judge. */
function v1to2(d: Record<string, unknown>): Record<string, unknown> {
  const renamed = (xs: unknown) => {
    const list = jsonOr(xs);
    return Array.isArray(list)
      ? list.map((c) => (isObject(c) && c.kind === undefined && typeof c.type === "string" ? (({ type, ...rest }) => ({ ...rest, kind: type }))(c) : c))
      : list;
  };
  const header = isObject(d.header) ? d.header : {};
  const navbar = isObject(d.navbar) ? d.navbar : {};
  const content = isObject(d.content) ? d.content : {};
  const tabbar = isObject(d.tabbar) ? d.tabbar : {};
  const tabData = jsonOr(tabbar.data);
  const data = isObject(tabData) ? { ...tabData, items: tabData.items ?? tabData.list } : tabData;
  if (isObject(data)) delete data.list;
  // The older console put any kind in the header; ours takes HEADER_KINDS there: the others open the content, kept rather than refused.
  let headerComponents = renamed(header.components);
  let contentData = renamed(content.data);
  if (Array.isArray(headerComponents) && (Array.isArray(contentData) || contentData === undefined || contentData === null || contentData === "")) {
    const misplaced = headerComponents.filter((c) => isObject(c) && typeof c.kind === "string" && c.kind in COMPONENTS && !inHeader(c.kind));
    if (misplaced.length) {
      headerComponents = headerComponents.filter((c) => !misplaced.includes(c));
      contentData = [...misplaced, ...(Array.isArray(contentData) ? contentData : [])];
    }
  }
  return {
    ...d,
    version: 2,
    topArea: d.topArea ?? (truthy(header.display) ? "main" : truthy(navbar.display) ? "back" : "none"),
    action: jsonOr(d.action),
    header: { ...header, components: headerComponents },
    content: { ...content, data: contentData },
    tabbar: { ...tabbar, data },
  };
}

const STEPS: Record<number, (d: Record<string, unknown>) => Record<string, unknown>> = { 1: v1to2 };

/**
 * Brings a document of an older version (no `version` is version 1) up to DOCUMENT_VERSION, step by
 * step. A document of the current version comes back as it is; one of a newer version is refused
 * (a console older than the server must not overwrite what it cannot read).
 */
export function migrate(old: unknown): { ok: true; doc: Record<string, unknown>; from: number } | { ok: false; msg: string } {
  if (!isObject(old)) return { ok: false, msg: DOC_MSG.notObject };
  const from = old.version === undefined || old.version === null || old.version === "" ? 1 : typeof old.version === "number" ? old.version : Number(old.version);
  if (!Number.isInteger(from) || from < 1) return { ok: false, msg: DOC_MSG.badVersion };
  if (from > DOCUMENT_VERSION) return { ok: false, msg: DOC_MSG.tooNew };
  let doc = old;
  for (let n = from; n < DOCUMENT_VERSION; n++) doc = STEPS[n](doc);
  return { ok: true, doc, from };
}

const SECTION_LABELS: Record<string, string> = { header: PAGE_SECTIONS.header.label, navbar: PAGE_SECTIONS.navbar.label, tabbar: PAGE_SECTIONS.tabbar.label };

/** "第3个组件（轮播图）：" for the component a path points into, with "第2张：" for an item of one of its lists. */
function componentPrefix(raw: unknown, keys: unknown[], at: number, where: string, msg: string): string {
  const index = keys[at] as number;
  const comp = Array.isArray(raw) ? raw[index] : undefined;
  const kind = isObject(comp) ? comp.kind : undefined;
  const label = kindLabel(kind);
  let prefix = `${where}第${index + 1}个组件${label ? `（${label}）` : ""}：`;
  const meta: FieldMeta | undefined = typeof kind === "string" && kind in COMPONENTS ? COMPONENTS[kind as ComponentKind].meta.fields[keys[at + 1] as string] : undefined;
  let field = meta;
  if (meta?.input === "list" && typeof keys[at + 2] === "number") {
    prefix += `第${(keys[at + 2] as number) + 1}${meta.unit}：`;
    field = meta.item[keys[at + 3] as string];
  } else if (meta?.input === "group") field = meta.fields[keys[at + 2] as string] ?? meta;
  // A value of the wrong type (an object for a word) gets the global message: name the field instead.
  return prefix + (msg === BAD_INPUT && field ? `${field.label}格式不正确` : msg);
}

/** The refusal of a valibot issue, naming the component (or section) and item it lies in. */
function describe(input: Record<string, unknown>, issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((p) => p.key);
  const msg = issue.message;
  const section = (name: string) => (isObject(input[name]) ? (input[name] as Record<string, unknown>) : {});
  if (keys[0] === "content" && keys[1] === "data" && typeof keys[2] === "number") return componentPrefix(section("content").data, keys, 2, "", msg);
  if (keys[0] === "header" && keys[1] === "components" && typeof keys[2] === "number") return componentPrefix(section("header").components, keys, 2, "导航栏", msg);
  if (keys[0] === "tabbar" && keys[2] === "items" && typeof keys[3] === "number") return `底部菜单第${(keys[3] as number) + 1}项：${msg}`;
  const label = SECTION_LABELS[String(keys[0])];
  const sectionFields = label ? PAGE_SECTIONS[keys[0] as "header"].fields : PAGE_SECTIONS.page.fields;
  const fieldKey = String(label ? (keys[0] === "tabbar" ? keys[2] : keys[1]) : keys[0]);
  const named = msg === BAD_INPUT && sectionFields[fieldKey] ? `${sectionFields[fieldKey].label}格式不正确` : msg;
  return label && keys.length > 1 ? `${label}：${named}` : named;
}

/** Gives every component an id unique in the document (the designer's drag keys), keeping the ones it has. */
function withIds(doc: PageDocument): PageDocument {
  const seen = new Set<string>();
  let n = 0;
  const fix = (c: Component): Component => {
    let id = c.id;
    while (!id || seen.has(id)) id = `${c.kind}-${++n}`;
    seen.add(id);
    return id === c.id ? c : { ...c, id };
  };
  const header = doc.header.components.map(fix);
  const content = doc.content.data.map(fix);
  return { ...doc, header: { ...doc.header, components: header }, content: { ...doc.content, data: content } };
}

/** Rules across a component's fields (COMPONENTS[kind].refine): the first refusal, or the components as stored. */
function refineAll(list: Component[], where: string): { ok: true; list: Component[] } | { ok: false; msg: string } {
  const out: Component[] = [];
  for (const [i, c] of list.entries()) {
    const def = COMPONENTS[c.kind] as { refine?: (c: Component) => { ok: true; value: Component } | { ok: false; msg: string }; label: string };
    const r = def.refine ? def.refine(c) : { ok: true as const, value: c };
    if (!r.ok) return { ok: false, msg: `${where}第${i + 1}个组件（${def.label}）：${r.msg}` };
    out.push(r.value);
  }
  return { ok: true, list: out };
}

/**
 * Reads a page document (a JSON text or an object): migrates an older version, checks every field
 * against its component's schema, applies the cross-field rules and the page rules (R555–R557,
 * R573). A refusal names the component and field in Chinese: 第3个组件（轮播图）：图片数量不能超过10.
 */
export function parsePageDocument(json: unknown): ParseResult {
  let raw = json;
  if (typeof json === "string") {
    if (json.length > MAX_DOCUMENT_CHARS) return { ok: false, msg: DOC_MSG.tooLarge };
    if (json.trim() === "") raw = {};
    else
      try {
        raw = JSON.parse(json);
      } catch {
        return { ok: false, msg: DOC_MSG.notJson };
      }
  }
  const m = migrate(raw);
  if (!m.ok) return m;
  const out = v.safeParse(PageDocumentSchema, m.doc);
  if (!out.success) return { ok: false, msg: describe(m.doc, out.issues[0]) || BAD_INPUT };
  const doc = out.output;
  const misplaced = doc.header.components.findIndex((c) => !inHeader(c.kind));
  if (misplaced >= 0) return { ok: false, msg: `导航栏第${misplaced + 1}个组件（${kindLabel(doc.header.components[misplaced].kind)}）：${NOT_IN_HEADER}` };
  const header = refineAll(doc.header.components, "导航栏");
  if (!header.ok) return header;
  const content = refineAll(doc.content.data, "");
  if (!content.ok) return content;
  if (doc.tabbar.display && !doc.isGuide && doc.tabbar.data.items.length < TABBAR_MIN) return { ok: false, msg: TABBAR_TOO_FEW };
  // R562 for the page's own action; a guide page opens locally whatever it was given (R555).
  const problem = doc.isGuide ? null : actionProblem(doc.action);
  if (problem) return { ok: false, msg: problem };
  const shaped = { ...doc, header: { ...doc.header, components: header.list }, content: { ...doc.content, data: content.list } };
  return { ok: true, doc: applyPageRules(withIds(shaped)), migrated: m.from < DOCUMENT_VERSION };
}

/** Room in a list for one more component of a kind: null, or why not (导航栏不能放置资讯列表; the schema's 导航栏：组件数量不能超过10). */
export function roomFor(doc: Pick<PageDocument, "header" | "content">, list: ComponentListName, kind: ComponentKind): string | null {
  const { label, max, kinds } = COMPONENT_LISTS[list];
  if (!kinds.includes(kind)) return `导航栏不能放置${kindLabel(kind)}`;
  const count = list === "header" ? doc.header.components.length : doc.content.data.length;
  return count >= max ? `${list === "header" ? "导航栏：" : ""}${tooMany(label, max)}` : null;
}

/** A new page with every default (an empty content list). */
export function defaultPageDocument(): PageDocument {
  const r = parsePageDocument({ version: DOCUMENT_VERSION });
  if (!r.ok) throw new Error(r.msg);
  return r.doc;
}
