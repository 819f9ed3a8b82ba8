import { defineComponent } from "../component.ts";
import { colour, jsonText, list, num, picture, text, toggle, url, link } from "../fields.ts";

export const MSG_MAX_ITEMS = 20;

/** Notice list (公告): the spec names the panel only; these parameters are ours (a scrolling line of notices). */
export const Msg = defineComponent("Msg", "公告", {
  icon: picture("图标"),
  api: url("数据接口"),
  convertParams: jsonText("字段映射"),
  scroll: toggle("滚动播放", true),
  interval: num("切换间隔", 1000, 60_000, 3000, "ms"),
  color: colour("文字颜色", "#333333"),
  backgroundColor: colour("背景颜色", "#ffffff"),
  data: list("公告", { title: text("标题"), url: link("链接") }, MSG_MAX_ITEMS, "条"),
});
export const defaultMsg = Msg.defaults;
export type MsgComponent = ReturnType<typeof defaultMsg>;
