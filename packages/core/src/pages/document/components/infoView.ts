import { defineComponent } from "../component.ts";
import { jsonText, num, toggle, url } from "../fields.ts";

/**
 * Info view (资讯详情): one information article. The spec describes no parameters; these are ours:
 * the article by id (0 = the one the page was opened with), or an API.
 */
export const InfoView = defineComponent("InfoView", "资讯详情", {
  infoId: num("资讯编号", 0, 2_147_483_647, 0),
  api: url("数据接口"),
  convertParams: jsonText("字段映射"),
  showTitle: toggle("显示标题", true),
  showTime: toggle("显示时间", true),
  showFrom: toggle("显示来源", true),
});
export const defaultInfoView = InfoView.defaults;
export type InfoViewComponent = ReturnType<typeof defaultInfoView>;
