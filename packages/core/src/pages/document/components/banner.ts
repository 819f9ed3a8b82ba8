import { defineComponent } from "../component.ts";
import { jsonText, list, num, picture, px, text, toggle, url, link } from "../fields.ts";

/** How many slides one banner holds. */
export const BANNER_MAX_SLIDES = 10;

/** Banner (轮播图), R577: height 320 design px (the preview scales it by 400/750), interval 5000 ms, margins 0. */
export const Banner = defineComponent("Banner", "轮播图", {
  height: px("高度", 1, 2000, 320),
  autoplay: toggle("自动播放", true),
  interval: num("切换间隔", 1000, 60_000, 5000, "ms"),
  indicatorDots: toggle("显示指示点", true),
  shadow: toggle("阴影", false),
  radius: toggle("圆角", false),
  full: toggle("通栏", true),
  previousMargin: px("前边距", 0, 375, 0),
  nextMargin: px("后边距", 0, 375, 0),
  api: url("数据接口"),
  convertParams: jsonText("字段映射"),
  data: list("图片", { image: picture("图片"), video: picture("视频", "video"), title: text("标题"), url: link("链接") }, BANNER_MAX_SLIDES, "张"),
});
export const defaultBanner = Banner.defaults;
export type BannerComponent = ReturnType<typeof defaultBanner>;
