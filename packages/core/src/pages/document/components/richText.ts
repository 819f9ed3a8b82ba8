import { defineComponent } from "../component.ts";
import { colour, html, intChoiceOf, jsonText, text, url } from "../fields.ts";

export const RICH_TEXT_MODES = [
  { value: 1, label: "富文本" },
  { value: 2, label: "纯文本" },
  { value: 3, label: "接口" },
] as const;
export type RichTextMode = (typeof RICH_TEXT_MODES)[number]["value"];

export const NEED_RICH_API = "接口模式请输入数据接口";

/** Rich text (富文本), R580: mode 1 rich text (sanitised on the server), 2 plain text, 3 from an API. */
export const RichText = defineComponent(
  "RichText",
  "富文本",
  {
    mode: intChoiceOf<RichTextMode>("内容类型", RICH_TEXT_MODES, 1),
    content: html("内容"),
    text: text("文本", { max: 5000, multiline: true }),
    api: url("数据接口"),
    convertParams: jsonText("字段映射"),
    backgroundColor: colour("背景颜色", "#ffffff"),
  },
  (c) => (c.mode === 3 && !c.api ? { ok: false, msg: NEED_RICH_API } : { ok: true, value: c }),
);
export const defaultRichText = RichText.defaults;
export type RichTextComponent = ReturnType<typeof defaultRichText>;
