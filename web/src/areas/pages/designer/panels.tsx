import { useState } from "react";
import * as v from "valibot";
import { PageSaveInput } from "@xiangyu/core/pages/schemas";
import { Button } from "../../../ui/Button.tsx";
import { Select } from "../../../ui/form/inputs.tsx";
import { ColourInput, FieldControl, IconButton, ParamFields, ParamRow, RowNumberInput, RowTextInput, Switch, type Values } from "./ParamFields.tsx";
import { arrayMove } from "./store.ts";
import {
  COMPONENTS,
  COMPONENT_LISTS,
  FORM_FIELD_TYPES,
  HEADER_KINDS,
  PAGE_SECTIONS,
  defaultFormField,
  kindLabel,
  type AnyComponent,
  type ComponentKind,
  type FieldMeta,
  type PageDocument,
} from "./model.ts";

/**
 * The right-hand settings: a panel per component kind and per part of the page (the 15 panels of
 * the spec's page-builder screen: the 13 kinds, the navigation bar and the page banner; the tab bar is with them), and
 * the global settings. Each panel is the schema's fields (ParamFields) with the rules the spec puts
 * between them written here: a parameter that means nothing in the current choice is not shown (the
 * API of a list fed by child menus, the text of a rich text in API mode), R573's immersive corners
 * only with a rounded top, and the form's fields by type (R579).
 */

/** Parameters that mean nothing given the others, per kind (they keep their values, as the schema stores them). */
function hiddenFields(c: AnyComponent): string[] {
  const hide: string[] = [];
  if ("dataFrom" in c && c.dataFrom === "menu") hide.push("api", "convertParams");
  if ("isSearch" in c && !c.isSearch) hide.push("searchName", "searchKeyword");
  if ("isLFTabs" in c && !c.isLFTabs) hide.push("LFTabsName", "lftabsKeyword");
  if ("isPage" in c && !c.isPage) hide.push("pageSize");
  switch (c.kind) {
    case "RichText":
      hide.push(...(c.mode === 1 ? ["text", "api", "convertParams"] : c.mode === 2 ? ["content", "api", "convertParams"] : ["content", "text"]));
      break;
    case "Search":
      if (!c.showActionButton) hide.push("actionName", "btnColor");
      if (!c.redirect) hide.push("url");
      break;
    case "Banner":
      if (!c.autoplay) hide.push("interval");
      if (c.full) hide.push("previousMargin", "nextMargin");
      break;
    case "Msg":
      if (!c.scroll) hide.push("interval");
      break;
  }
  return hide;
}

/** The schema's message for each parameter it refuses (by the parameter's name), and the component's cross-field refusal. */
export function problemsOf(c: AnyComponent): { fields: Record<string, string>; rule?: string } {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a component's refine takes its own fields
  const def = COMPONENTS[c.kind as ComponentKind] as { schema: v.GenericSchema; refine?: (c: any) => { ok: boolean; msg?: string } } | undefined;
  if (!def) return { fields: {} };
  const out = v.safeParse(def.schema, c);
  if (!out.success) {
    const fields: Record<string, string> = {};
    for (const issue of out.issues) {
      const key = String(issue.path?.[0]?.key ?? "");
      fields[key] ??= issue.message;
    }
    return { fields };
  }
  const r = def.refine?.(out.output);
  return { fields: {}, rule: r && !r.ok ? r.msg : undefined };
}

type ComponentPanelProps = { c: AnyComponent; onChange: (key: string, value: unknown) => void };

export function ComponentPanel({ c, onChange }: ComponentPanelProps) {
  const def = COMPONENTS[c.kind as ComponentKind];
  if (!def) return <p className="p-3 text-sm text-slate-500">未知组件：{c.kind}</p>;
  const problems = problemsOf(c);
  const fields = def.meta.fields as Record<string, FieldMeta>;
  const omit = [...hiddenFields(c), ...(c.kind === "Forms" ? ["formData"] : [])];
  return (
    <div className="flex flex-col px-3 py-2" data-panel={c.kind}>
      <h3 className="mb-1 text-sm font-medium text-slate-800">{def.label}</h3>
      {problems.rule && (
        <p role="alert" className="mb-1 rounded bg-red-50 px-2 py-1 text-xs text-red-600">
          {problems.rule}
        </p>
      )}
      {c.kind === "List" && c.dataFrom === "menu" && <p className="text-xs text-slate-500">列表显示当前栏目的子菜单（下面的列表项仅作设计示例）。</p>}
      <ParamFields fields={fields} values={c} onChange={onChange} errors={problems.fields} omit={omit} />
      {c.kind === "Forms" && (
        <ParamRow label={(fields.formData as FieldMeta).label} error={problems.fields.formData}>
          <FormFieldsEditor value={(c.formData ?? []) as Values[]} meta={fields.formData as Extract<FieldMeta, { input: "list" }>} onChange={(v) => onChange("formData", v)} />
        </ParamRow>
      )}
    </div>
  );
}

/** Which of a form field's parameters apply to its type (R579). */
function formFieldOmit(type: string): string[] {
  const options = type === "checkbox" || type === "radio" || type === "picker";
  const omit = ["type"];
  if (type === "line") return [...omit, "name", "label", "placeholder", "required", "maxLength", "mode", "options", "defaultValue", "min", "max", "step", "count"];
  if (!options) omit.push("options");
  if (type !== "picker") omit.push("mode");
  if (type !== "slider") omit.push("min", "max", "step");
  if (type !== "rate") omit.push("count");
  if (type !== "input" && type !== "textarea") omit.push("maxLength");
  if (!["input", "textarea", "picker"].includes(type)) omit.push("placeholder");
  return omit;
}

/** The form's fields: add one of a type (R579's eleven), edit what that type takes, reorder, delete. */
function FormFieldsEditor({ value, meta, onChange }: { value: Values[]; meta: Extract<FieldMeta, { input: "list" }>; onChange: (v: Values[]) => void }) {
  const [type, setType] = useState<string>(FORM_FIELD_TYPES[0].value);
  const [open, setOpen] = useState<number | null>(null);
  const typeLabel = (t: unknown) => FORM_FIELD_TYPES.find((x) => x.value === t)?.label ?? String(t);
  const full = value.length >= meta.max;
  const move = (from: number, to: number) => {
    if (to < 0 || to >= value.length) return;
    onChange(arrayMove(value, from, to));
    setOpen(to);
  };
  return (
    <div className="flex flex-col gap-1.5">
      {value.map((f, i) => (
        <div key={i} className="rounded border border-slate-200" data-form-field={String(f.type)}>
          <div className="flex items-center gap-1 px-1.5 py-1">
            <button type="button" onClick={() => setOpen(open === i ? null : i)} aria-expanded={open === i} className="min-w-0 flex-1 truncate text-left text-xs text-slate-700">
              {i + 1}. {typeLabel(f.type)}
              {f.label ? `：${String(f.label)}` : ""}
            </button>
            <IconButton label={`上移字段${i + 1}`} onClick={i > 0 ? () => move(i, i - 1) : undefined}>
              ↑
            </IconButton>
            <IconButton label={`下移字段${i + 1}`} onClick={i < value.length - 1 ? () => move(i, i + 1) : undefined}>
              ↓
            </IconButton>
            <IconButton label={`删除字段${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))} danger>
              ✕
            </IconButton>
          </div>
          {open === i && (
            <div className="border-t border-slate-100 px-2 pb-1">
              <ParamFields
                fields={meta.item}
                values={f}
                omit={formFieldOmit(String(f.type))}
                onChange={(k, val) => onChange(value.map((x, j) => (j === i ? { ...x, [k]: val } : x)))}
              />
            </div>
          )}
        </div>
      ))}
      <div className="flex gap-1.5">
        <Select aria-label="字段类型" value={type} options={[...FORM_FIELD_TYPES]} placeholder={false} onChange={(t: unknown) => setType(String(t))} className="flex-1" />
        <Button
          size="sm"
          disabled={full}
          onClick={() => {
            onChange([...value, defaultFormField(type as (typeof FORM_FIELD_TYPES)[number]["value"], value.length + 1) as unknown as Values]);
            setOpen(value.length);
          }}
        >
          ＋ 添加字段
        </Button>
      </div>
    </div>
  );
}

// ── the parts of the page ──

type DocChange = (update: (doc: PageDocument) => PageDocument, field: string) => void;

/** The navigation bar (header, R573): immersive corners only with a rounded top; title left, centre or right. */
export function HeaderPanel({ doc, onChange }: { doc: PageDocument; onChange: DocChange }) {
  const fields = PAGE_SECTIONS.header.fields as Record<string, FieldMeta>;
  const h = doc.header as unknown as Values;
  const set = (k: string, value: unknown) =>
    onChange((d) => ({ ...d, header: { ...d.header, [k]: value, ...(k === "radius" && !value ? { radiusImmersion: false } : {}) } }), `header.${k}`);
  const omit = ["display", "radiusImmersion", ...(h.dataFrom === "menu" ? ["api", "convertParams"] : [])];
  return (
    <div className="flex flex-col px-3 py-2" data-panel="header">
      <h3 className="mb-1 text-sm font-medium text-slate-800">{PAGE_SECTIONS.header.label}</h3>
      {doc.topArea !== "main" && <p className="text-xs text-amber-600">顶部区域不是“主页样式”，导航栏不显示。</p>}
      <p className="text-xs text-slate-500" data-header-count>
        导航栏组件{doc.header.components.length}个（最多{COMPONENT_LISTS.header.max}个）：在画布的导航栏内拖入或排序，可放置{HEADER_KINDS.map(kindLabel).join("、")}。
      </p>
      <ParamFields fields={fields} values={h} onChange={set} omit={omit} />
      <ParamRow label={(fields.radiusImmersion as FieldMeta).label} inline hint={doc.header.radius ? undefined : "仅圆角顶部时可用"}>
        <Switch checked={Boolean(h.radiusImmersion)} disabled={!doc.header.radius} onChange={(x) => set("radiusImmersion", x)} />
      </ParamRow>
    </div>
  );
}

/** The page banner (navbar): a left icon and two right icons, each with its event. */
export function NavbarPanel({ doc, onChange }: { doc: PageDocument; onChange: DocChange }) {
  const fields = PAGE_SECTIONS.navbar.fields as Record<string, FieldMeta>;
  const icons = fields.icons as Extract<FieldMeta, { input: "tags" }>;
  const names = ["左侧图标", "右侧图标1", "右侧图标2"].slice(0, icons.max);
  const at = (list: string[], i: number) => list[i] ?? "";
  const set = (key: "icons" | "urls", i: number, value: string) =>
    onChange((d) => {
      const list = names.map((_, j) => at(d.navbar[key], j));
      list[i] = value;
      // Trailing blanks are dropped, so an untouched banner stores empty lists.
      while (list.length && !list.at(-1)) list.pop();
      return { ...d, navbar: { ...d.navbar, [key]: list } };
    }, `navbar.${key}.${i}`);
  return (
    <div className="flex flex-col px-3 py-2" data-panel="navbar">
      <h3 className="mb-1 text-sm font-medium text-slate-800">{PAGE_SECTIONS.navbar.label}</h3>
      {doc.topArea !== "back" && <p className="text-xs text-amber-600">顶部区域不是“返回导航样式”，页面横幅不显示。</p>}
      {names.map((name, i) => (
        <fieldset key={name} className="mt-1 rounded border border-slate-200 px-2 pb-1">
          <legend className="px-1 text-xs text-slate-600">{name}</legend>
          <ParamRow label={`${name}（图标地址或文字）`}>
            <RowTextInput value={at(doc.navbar.icons, i)} maxLength={icons.itemMax} onChange={(s: unknown) => set("icons", i, String(s))} />
          </ParamRow>
          <ParamRow label={`${name}事件（页面地址）`}>
            <RowTextInput
              value={at(doc.navbar.urls, i)}
              maxLength={(fields.urls as Extract<FieldMeta, { input: "tags" }>).itemMax}
              onChange={(s: unknown) => set("urls", i, String(s))}
            />
          </ParamRow>
        </fieldset>
      ))}
    </div>
  );
}

/** The mini-program's tab bar: shown or not, its colours and items (R571). */
export function TabbarPanel({ doc, onChange }: { doc: PageDocument; onChange: DocChange }) {
  const fields = PAGE_SECTIONS.tabbar.fields as Record<string, FieldMeta>;
  return (
    <div className="flex flex-col px-3 py-2" data-panel="tabbar">
      <h3 className="mb-1 text-sm font-medium text-slate-800">{PAGE_SECTIONS.tabbar.label}</h3>
      <ParamRow label="显示底部菜单" inline>
        <Switch checked={doc.tabbar.display} disabled={doc.isGuide} onChange={(x) => onChange((d) => ({ ...d, tabbar: { ...d.tabbar, display: x } }), "tabbar.display")} />
      </ParamRow>
      <ParamFields
        fields={fields}
        values={doc.tabbar.data as unknown as Values}
        onChange={(k, value) => onChange((d) => ({ ...d, tabbar: { ...d.tabbar, data: { ...d.tabbar.data, [k]: value } } }), `tabbar.${k}`)}
      />
    </div>
  );
}

// ── global settings ──

/** The page record's own fields beside the document (name, order, enable status; R552, R554, R559). */
export type PageRecord = { name: string; seq: number; enableStatus: number };

/** The save route's messages for the record's name and order (请输入名称, the order's range), from its schema. */
export function recordProblems(record: PageRecord): Partial<Record<"name" | "seq", string>> {
  const check = (schema: v.GenericSchema, value: unknown) => {
    const r = v.safeParse(schema, value);
    return r.success ? undefined : r.issues[0].message;
  };
  const out: Partial<Record<"name" | "seq", string>> = {};
  const name = check(PageSaveInput.entries.name, record.name);
  const seq = check(PageSaveInput.entries.seq, record.seq);
  if (name) out.name = name;
  if (seq) out.seq = seq;
  return out;
}

export function GlobalPanel({
  doc,
  record,
  onChange,
  onRecord,
}: {
  doc: PageDocument;
  record: PageRecord;
  onChange: DocChange;
  onRecord: (r: Partial<PageRecord>, field: string) => void;
}) {
  const fields = PAGE_SECTIONS.page.fields as Record<string, FieldMeta>;
  const d = doc as unknown as Values;
  const problems = recordProblems(record);
  const set = (k: string, value: unknown) => onChange((x) => ({ ...x, [k]: value }), k);
  const omit = ["isGuide", "topArea", "barBackgroundColor", "backgroundColor", "terminal", "action"];
  const row = (k: string) => {
    const meta = fields[k];
    return meta ? (
      <ParamRow key={k} label={meta.label} inline={meta.input === "switch"}>
        <FieldControl name={k} meta={meta} value={d[k]} onChange={(x) => set(k, x)} />
      </ParamRow>
    ) : null;
  };
  return (
    <div className="flex flex-col px-3 py-2" data-panel="global">
      <ParamRow label="页面名称" error={problems.name}>
        <RowTextInput name="name" value={record.name} error={problems.name} onChange={(s: unknown) => onRecord({ name: String(s) }, "name")} />
      </ParamRow>
      {row("terminal")}
      <ParamRow label={(fields.isGuide as FieldMeta).label} inline hint={doc.isGuide ? "引导页不显示导航栏、页面横幅、内容和底部菜单，打开方式为本地页面" : undefined}>
        <Switch checked={doc.isGuide} onChange={(x) => set("isGuide", x)} />
      </ParamRow>
      {!doc.isGuide && (
        <ParamRow label={(fields.topArea as FieldMeta).label}>
          <TopAreaChoice meta={fields.topArea as Extract<FieldMeta, { input: "select" }>} value={doc.topArea} onChange={(x) => set("topArea", x)} />
        </ParamRow>
      )}
      {!doc.isGuide && (
        <ParamRow label="显示底部菜单" inline>
          <Switch checked={doc.tabbar.display} onChange={(x) => onChange((y) => ({ ...y, tabbar: { ...y.tabbar, display: x } }), "tabbar.display")} />
        </ParamRow>
      )}
      <ParamRow label={(fields.barBackgroundColor as FieldMeta).label}>
        <ColourInput value={doc.barBackgroundColor} onChange={(x) => set("barBackgroundColor", x)} />
      </ParamRow>
      <ParamRow label={(fields.backgroundColor as FieldMeta).label}>
        <ColourInput value={doc.backgroundColor} onChange={(x) => set("backgroundColor", x)} />
      </ParamRow>
      <ParamRow label={(fields.action as FieldMeta).label}>
        {doc.isGuide ? (
          <p className="text-xs text-slate-500">引导页只能以本地页面打开</p>
        ) : (
          <FieldControl name="action" meta={fields.action as FieldMeta} value={doc.action} onChange={(x) => set("action", x)} />
        )}
      </ParamRow>
      <ParamFields fields={fields} values={d} onChange={set} omit={omit} />
      <ParamRow label="排序" error={problems.seq}>
        <RowNumberInput
          name="seq"
          value={String(record.seq)}
          error={problems.seq}
          onChange={(s: unknown) => onRecord({ seq: s === "" ? ("" as unknown as number) : Number(s) }, "seq")}
          className="w-28"
        />
      </ParamRow>
      <ParamRow label="启用" inline>
        <Switch checked={record.enableStatus === 1} onChange={(x) => onRecord({ enableStatus: x ? 1 : 2 }, "enableStatus")} />
      </ParamRow>
    </div>
  );
}

/** R557: none, main style or back-navigation style — one of them, as a radio group. */
function TopAreaChoice({ meta, value, onChange }: { meta: Extract<FieldMeta, { input: "select" }>; value: string; onChange: (v: string) => void }) {
  return (
    <div role="radiogroup" aria-label={meta.label} className="flex flex-wrap gap-x-3 gap-y-1">
      {meta.options.map((o) => (
        <label key={o.value} className="inline-flex items-center gap-1 text-xs text-slate-700">
          <input type="radio" name="topArea" checked={value === o.value} onChange={() => onChange(String(o.value))} className="accent-blue-600" />
          {o.label}
        </label>
      ))}
    </div>
  );
}
