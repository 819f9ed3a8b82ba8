import { DATA_FROM, defineComponent, type DataFrom } from "../component.ts";
import { choice, colour, jsonText, list, num, picture, text, toggle, url, link } from "../fields.ts";

export const MENU_MAX_ITEMS = 60;

/** Menu grid (宫格菜单), R568: 3 rows × 4 columns, square, page menu, data from an API, white background. */
export const Menu = defineComponent("Menu", "宫格菜单", {
  dataFrom: choice<DataFrom>("数据来源", DATA_FROM, "api"),
  api: url("数据接口"),
  convertParams: jsonText("字段映射"),
  menuType: choice(
    "菜单类型",
    [
      { value: "page", label: "分页" },
      { value: "pulldown", label: "下拉" },
    ],
    "page",
  ),
  rows: num("行数", 1, 10, 3),
  columnNum: num("列数", 1, 6, 4),
  mode: choice(
    "图标形状",
    [
      { value: "square", label: "方形" },
      { value: "rect", label: "长方形" },
    ],
    "square",
  ),
  hasBorder: toggle("边框", false),
  shadow: toggle("阴影", false),
  backgroundColor: colour("背景颜色", "#ffffff"),
  data: list("菜单", { title: text("名称", { max: 20 }), icon: picture("图标"), url: link("链接") }, MENU_MAX_ITEMS, "个"),
});
export const defaultMenu = Menu.defaults;
export type MenuComponent = ReturnType<typeof defaultMenu>;
