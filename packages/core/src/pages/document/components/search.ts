import { defineComponent } from "../component.ts";
import { choice, colour, text, toggle, link } from "../fields.ts";

/** Search bar (搜索栏), R567: action name 'search', text input, #00BCD4 background. */
export const Search = defineComponent("Search", "搜索栏", {
  name: text("名称", { max: 50 }),
  placeholder: text("提示文字", { max: 50, default: "请输入关键词" }),
  showActionButton: toggle("显示按钮", true),
  actionName: text("按钮文字", { max: 10, default: "search" }),
  inputType: choice(
    "输入类型",
    [
      { value: "text", label: "文本" },
      { value: "number", label: "数字" },
      { value: "idcard", label: "身份证" },
    ],
    "text",
  ),
  backgroundColor: colour("背景颜色", "#00BCD4"),
  btnColor: colour("按钮颜色", "#ffffff"),
  isFixed: toggle("固定在顶部", false),
  redirect: toggle("跳转到搜索页", false),
  url: link("搜索页地址"),
  keyword: text("关键词参数名", { max: 50, default: "keyword" }),
});
export const defaultSearch = Search.defaults;
export type SearchComponent = ReturnType<typeof defaultSearch>;
