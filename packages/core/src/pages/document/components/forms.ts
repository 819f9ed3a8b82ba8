import { defineComponent } from "../component.ts";
import { choice, colour, group, list, num, text, toggle, url } from "../fields.ts";

/** R579's field types, as the form stores them. */
export const FORM_FIELD_TYPES = [
  { value: "input", label: "单行文本" },
  { value: "textarea", label: "多行文本" },
  { value: "line", label: "分割线" },
  { value: "checkbox", label: "多选" },
  { value: "radio", label: "单选" },
  { value: "picker", label: "选择器" },
  { value: "rate", label: "评分" },
  { value: "slider", label: "滑块" },
  { value: "switch", label: "开关" },
  { value: "ImagePicker", label: "图片上传" },
  { value: "editor", label: "富文本" },
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number]["value"];

/** A picker's modes (R579). */
export const PICKER_MODES = [
  { value: "selector", label: "普通选择" },
  { value: "multiSelector", label: "多列选择" },
  { value: "date", label: "日期" },
  { value: "time", label: "时间" },
  { value: "datetime", label: "日期时间" },
] as const;

/** The member route a designed form sends its answers to (issue 34; pages/forms): every new form's 提交接口. */
export const FORM_SUBMIT_PATH = "/xiangyu/api/mp/form/submit";

export const FORM_MAX_FIELDS = 50;
export const FORM_MAX_OPTIONS = 50;
/** R579's sample textarea allows 300 characters: the textarea's default. */
export const TEXTAREA_MAX_LENGTH = 300;

export const NEED_FIELD_NAME = "请输入字段名";
export const NEED_OPTIONS = "请添加选项";
export const DUPLICATE_FIELD_NAME = (name: string) => `字段名“${name}”重复`;

const fieldFields = {
  type: choice<FormFieldType>("字段类型", FORM_FIELD_TYPES, "input"),
  name: text("字段名", { max: 50 }),
  label: text("标题", { max: 50 }),
  placeholder: text("提示文字", { max: 100 }),
  required: toggle("必填", false),
  maxLength: num("最大长度", 0, 5000, 0),
  mode: choice("选择方式", PICKER_MODES, "selector"),
  options: list("选项", { label: text("选项名称", { max: 50 }), value: text("选项值", { max: 100 }) }, FORM_MAX_OPTIONS, "个"),
  defaultValue: text("默认值", { max: 500 }),
  min: num("最小值", 0, 1_000_000, 0),
  max: num("最大值", 0, 1_000_000, 100),
  step: num("步长", 1, 1_000_000, 1),
  count: num("星星数", 1, 10, 5),
};

/** Forms (表单), R579: fields of the listed types, a submit button, the submit and initial-data endpoints. */
export const Forms = defineComponent(
  "Forms",
  "表单",
  {
    shadow: toggle("阴影", false),
    background: colour("背景颜色", "#ffffff"),
    color: colour("文字颜色", "#333333"),
    fontSize: num("字号", 10, 40, 14),
    formInfo: text("表单说明", { max: 500, multiline: true }),
    formSubmit: group("提交按钮", {
      show: toggle("显示提交按钮", true),
      text: text("按钮文字", { max: 20, default: "提交" }),
      color: colour("按钮文字颜色", "#ffffff"),
      background: colour("按钮颜色", "#2D8CF0"),
      initDataApi: url("初始数据接口"),
      action: url("提交接口", FORM_SUBMIT_PATH),
      contentType: choice(
        "提交格式",
        [
          { value: "json", label: "JSON" },
          { value: "form", label: "表单" },
        ],
        "json",
      ),
      goback: toggle("提交后返回", true),
    }),
    formData: list("字段", fieldFields, FORM_MAX_FIELDS, "个"),
  },
  (c) => {
    const seen = new Set<string>();
    for (const [i, f] of c.formData.entries()) {
      if (f.type === "line") continue;
      if (!f.name) return { ok: false, msg: `第${i + 1}个字段：${NEED_FIELD_NAME}` };
      if (seen.has(f.name)) return { ok: false, msg: DUPLICATE_FIELD_NAME(f.name) };
      seen.add(f.name);
      const needsOptions = f.type === "checkbox" || f.type === "radio" || (f.type === "picker" && (f.mode === "selector" || f.mode === "multiSelector"));
      if (needsOptions && f.options.length === 0) return { ok: false, msg: `第${i + 1}个字段（${f.label || f.name}）：${NEED_OPTIONS}` };
      if (f.type === "slider" && f.min >= f.max) return { ok: false, msg: `第${i + 1}个字段（${f.label || f.name}）：最大值必须大于最小值` };
    }
    return { ok: true, value: c };
  },
);
export const defaultForms = Forms.defaults;
export type FormsComponent = ReturnType<typeof defaultForms>;
export type FormField = FormsComponent["formData"][number];

/** A new field of a type, as the panel adds it (a textarea takes R579's 300 characters). */
export function defaultFormField(type: FormFieldType, n: number): FormField {
  const label = FORM_FIELD_TYPES.find((t) => t.value === type)?.label ?? "";
  const base = {
    type,
    name: `field${n}`,
    label,
    placeholder: "",
    required: false,
    maxLength: 0,
    mode: "selector" as const,
    options: [],
    defaultValue: "",
    min: 0,
    max: 100,
    step: 1,
    count: 5,
  };
  if (type === "textarea") return { ...base, maxLength: TEXTAREA_MAX_LENGTH };
  if (type === "checkbox" || type === "radio" || type === "picker")
    return {
      ...base,
      options: [
        { label: "选项1", value: "1" },
        { label: "选项2", value: "2" },
      ],
    };
  return base;
}
