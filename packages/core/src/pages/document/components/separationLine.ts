import { defineComponent } from "../component.ts";
import { colour, px, toggle } from "../fields.ts";

/** Separation line (分隔线), R576: 20 px high, #f5f5f5, no margins. */
export const SeparationLine = defineComponent("SeparationLine", "分隔线", {
  height: px("高度", 0, 200, 20),
  marginTop: px("上边距", 0, 750, 0),
  marginBottom: px("下边距", 0, 750, 0),
  marginLeft: px("左边距", 0, 750, 0),
  marginRight: px("右边距", 0, 750, 0),
  backgroundColor: colour("背景颜色", "#f5f5f5"),
  shadow: toggle("阴影", false),
});
export const defaultSeparationLine = SeparationLine.defaults;
export type SeparationLineComponent = ReturnType<typeof defaultSeparationLine>;
