import { action, actionProblem, defineComponent } from "../component.ts";
import { list, picture, px, pxOrAuto, text, toggle } from "../fields.ts";
import { DESIGN_WIDTH } from "../rules.ts";

export const PICTURE_GROUP_MAX = 20;

/** Picture group (图片组), R574: each picture 750 px wide at most, height auto, margins 0; drag-sorted in the panel. */
export const PictureGroup = defineComponent(
  "PictureGroup",
  "图片组",
  {
    data: list(
      "图片",
      {
        id: text("编号", { max: 40 }),
        image: picture("图片"),
        width: px("宽度", 1, DESIGN_WIDTH, DESIGN_WIDTH),
        height: pxOrAuto("高度", 1, 2000),
        marginTop: px("上边距", 0, DESIGN_WIDTH, 0),
        marginBottom: px("下边距", 0, DESIGN_WIDTH, 0),
        marginLeft: px("左边距", 0, DESIGN_WIDTH, 0),
        marginRight: px("右边距", 0, DESIGN_WIDTH, 0),
        radius: toggle("圆角", false),
        action: action(),
      },
      PICTURE_GROUP_MAX,
      "张",
    ),
  },
  (c) => {
    for (const [i, p] of c.data.entries()) {
      const problem = actionProblem(p.action);
      if (problem) return { ok: false, msg: `第${i + 1}张：${problem}` };
    }
    return { ok: true, value: c };
  },
);
export const defaultPictureGroup = PictureGroup.defaults;
export type PictureGroupComponent = ReturnType<typeof defaultPictureGroup>;
