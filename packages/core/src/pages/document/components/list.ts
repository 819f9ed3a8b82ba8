import { DATA_FROM, defineComponent, type DataFrom } from "../component.ts";
import { choice, colour, jsonText, list, picture, text, toggle, url, link } from "../fields.ts";

export const LIST_MAX_ITEMS = 100;

/** List (列表), R572: items from an API or the current column's child menus; transparent background or not. */
export const List = defineComponent("List", "列表", {
  dataFrom: choice<DataFrom>("数据来源", DATA_FROM, "api"),
  api: url("数据接口"),
  convertParams: jsonText("字段映射"),
  isBGTransparent: toggle("透明背景", false),
  data: list(
    "列表项",
    {
      title: text("标题"),
      thumb: picture("缩略图"),
      url: link("链接"),
      note: text("描述"),
      extraText: text("右侧文字", { max: 50 }),
      extraThumb: picture("右侧图标"),
      hasBorder: toggle("下边框", true),
      isSwitch: toggle("开关", false),
      switchColor: colour("开关颜色", "#2D8CF0"),
      switchIsCheck: toggle("开关默认打开", false),
      switchChangeApi: url("开关接口"),
      arrow: toggle("右箭头", true),
      disabled: toggle("禁用", false),
    },
    LIST_MAX_ITEMS,
    "项",
  ),
});
export const defaultList = List.defaults;
export type ListComponent = ReturnType<typeof defaultList>;
