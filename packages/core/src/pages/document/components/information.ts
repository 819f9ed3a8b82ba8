import { defineComponent } from "../component.ts";
import { choice, jsonText, list, num, picture, text, toggle, url, link } from "../fields.ts";

export const INFORMATION_MAX_ITEMS = 50;
export const INFO_ITEM_TYPES = [
  { value: "text", label: "纯文字" },
  { value: "image", label: "单图" },
  { value: "pictures", label: "多图" },
  { value: "video", label: "视频" },
  { value: "auto", label: "自动" },
] as const;

/** Information list (资讯列表), R569: 10 a page; each item shown as text, image, pictures, video or auto. */
export const Information = defineComponent("Information", "资讯列表", {
  api: url("数据接口"),
  convertParams: jsonText("字段映射"),
  isPage: toggle("分页", true),
  pageSize: num("每页条数", 1, 50, 10),
  isSearch: toggle("搜索", false),
  searchName: text("搜索框提示", { max: 50 }),
  searchKeyword: text("搜索参数名", { max: 50, default: "keyword" }),
  isLFTabs: toggle("左右选项卡", false),
  LFTabsName: text("选项卡名称", { max: 50 }),
  lftabsKeyword: text("选项卡参数名", { max: 50 }),
  data: list(
    "资讯",
    {
      type: choice("显示方式", INFO_ITEM_TYPES, "auto"),
      title: text("标题"),
      images: list("图片", { url: picture("图片") }, 9, "张"),
      video: picture("视频", "video"),
      from: text("来源", { max: 50 }),
      like: num("点赞数", 0, 2_000_000_000, 0),
      desc: text("摘要", { max: 500, multiline: true }),
      time: text("时间", { max: 20 }),
      url: link("链接"),
    },
    INFORMATION_MAX_ITEMS,
    "条",
  ),
});
export const defaultInformation = Information.defaults;
export type InformationComponent = ReturnType<typeof defaultInformation>;
