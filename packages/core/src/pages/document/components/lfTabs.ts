import { DATA_FROM, defineComponent, type DataFrom } from "../component.ts";
import { choice, colour, jsonText, list, text, toggle, url, link } from "../fields.ts";

export const LFTABS_MAX_ITEMS = 20;

/** Tab bar of the designer (左右选项卡), R570: text #333333, selected #2D8CF0, background #ffffff. */
export const LFTabs = defineComponent("LFTabs", "选项卡", {
  name: text("名称", { max: 50 }),
  isFixed: toggle("固定在顶部", false),
  shadow: toggle("阴影", false),
  textColor: colour("文字颜色", "#333333"),
  sltTextColor: colour("选中文字颜色", "#2D8CF0"),
  backgroundColor: colour("背景颜色", "#ffffff"),
  dataFrom: choice<DataFrom>("数据来源", DATA_FROM, "api"),
  api: url("数据接口"),
  convertParams: jsonText("字段映射"),
  data: list("选项", { title: text("标题", { max: 20 }), value: text("值", { max: 100 }), isJump: toggle("跳转", false), url: link("链接") }, LFTABS_MAX_ITEMS, "个"),
});
export const defaultLFTabs = LFTabs.defaults;
export type LFTabsComponent = ReturnType<typeof defaultLFTabs>;
