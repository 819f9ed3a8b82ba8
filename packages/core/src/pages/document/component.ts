import * as v from "valibot";
import { optText } from "../../kernel/fields.ts";
import { choice, group, link, metaOf, text, type FieldMeta, type Fields, type OutputOf, type Option } from "./fields.ts";

/** The 13 component kinds of R566, in the palette's order. */
export const COMPONENT_KINDS = [
  "Banner",
  "Menu",
  "SeparationLine",
  "RichText",
  "Search",
  "LFTabs",
  "Information",
  "InfoView",
  "PictureGroup",
  "List",
  "Forms",
  "Msg",
  "GoodsList",
] as const;
export type ComponentKind = (typeof COMPONENT_KINDS)[number];

/** A component's id: unique within its document (the designer's drag-and-drop key); the parser fills missing ones. */
export const COMPONENT_ID_MAX = 40;
const componentId = optText(COMPONENT_ID_MAX, `组件编号不能超过${COMPONENT_ID_MAX}个字`);

/** What the designer's palette and panels read about a component kind. */
export type ComponentMeta = { kind: ComponentKind; label: string; fields: Record<string, FieldMeta> };

export type ComponentOf<K extends ComponentKind, F extends Fields> = { kind: K; id: string } & OutputOf<F>;

export type ComponentDef<K extends ComponentKind, F extends Fields> = {
  kind: K;
  /** The component's Chinese name, as the palette and the refusal messages say it. */
  label: string;
  fields: F;
  schema: v.ObjectSchema<{ kind: v.LiteralSchema<K, undefined>; id: typeof componentId } & { [P in keyof F]: F[P]["schema"] }, undefined>;
  meta: ComponentMeta;
  /** A fresh component of this kind with every default (id blank: the designer gives one). */
  defaults: () => ComponentOf<K, F>;
  /**
   * Rules across fields, after each field passed (R562's package/appid, R573's immersive corners):
   * a message to refuse, or the component as it must be stored.
   */
  refine?: (c: ComponentOf<K, F>) => { ok: true; value: ComponentOf<K, F> } | { ok: false; msg: string };
};

export function defineComponent<K extends ComponentKind, F extends Fields>(kind: K, label: string, fields: F, refine?: ComponentDef<K, F>["refine"]): ComponentDef<K, F> {
  const entries = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.schema]));
  const schema = v.object({ kind: v.literal(kind), id: componentId, ...entries }) as unknown as ComponentDef<K, F>["schema"];
  return {
    kind,
    label,
    fields,
    schema,
    meta: { kind, label, fields: metaOf(fields) },
    defaults: () => v.parse(schema, { kind }) as ComponentOf<K, F>,
    refine,
  };
}

// ── parameters several components share ──

export const ACTION_TYPES = [
  { value: "local", label: "本地页面" },
  { value: "app", label: "APP" },
  { value: "weapp", label: "小程序" },
  { value: "web", label: "网页" },
] as const satisfies readonly Option<string>[];
export type ActionType = (typeof ACTION_TYPES)[number]["value"];

export const NEED_PACKAGE = "打开APP时请输入应用包名";
export const NEED_APPID = "打开小程序时请输入小程序AppID";

/** Where a tap leads (R562): a local page, an app (by package), a mini-program (by appid) or a web address. */
export const actionFields = {
  type: choice<ActionType>("跳转类型", ACTION_TYPES, "local"),
  url: link("跳转地址"),
  appid: text("小程序AppID", { max: 64 }),
  package: text("应用包名", { max: 128 }),
};
export const action = (label = "跳转") => group(label, actionFields);
export type Action = OutputOf<typeof actionFields>;

/** R562: the package names the app, the appid the mini-program. */
export function actionProblem(a: Action): string | null {
  if (a.type === "app" && !a.package) return NEED_PACKAGE;
  if (a.type === "weapp" && !a.appid) return NEED_APPID;
  return null;
}

export const DATA_FROM = [
  { value: "api", label: "接口" },
  { value: "menu", label: "子菜单" },
] as const satisfies readonly Option<string>[];
export type DataFrom = (typeof DATA_FROM)[number]["value"];
