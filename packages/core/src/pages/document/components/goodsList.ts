import { defineComponent } from "../component.ts";
import { colour, intChoiceOf, jsonText, list, num, picture, text, toggle, url, link } from "../fields.ts";

export const GOODS_MAX_ITEMS = 50;

/** Goods list (商品列表), R578: 1 waterfall / 2 list, 10 a page, background #f5f5f5. */
export const GoodsList = defineComponent("GoodsList", "商品列表", {
  listType: intChoiceOf(
    "展示方式",
    [
      { value: 1, label: "瀑布流" },
      { value: 2, label: "列表" },
    ],
    1,
  ),
  isPage: toggle("分页", true),
  pageSize: num("每页条数", 1, 50, 10),
  background: colour("背景颜色", "#f5f5f5"),
  isSearch: toggle("搜索", false),
  searchName: text("搜索框提示", { max: 50 }),
  searchKeyword: text("搜索参数名", { max: 50, default: "keyword" }),
  isLFTabs: toggle("左右选项卡", false),
  LFTabsName: text("选项卡名称", { max: 50 }),
  lftabsKeyword: text("选项卡参数名", { max: 50 }),
  api: url("数据接口"),
  convertParams: jsonText("字段映射"),
  data: list(
    "商品",
    {
      id: text("编号", { max: 40 }),
      goodsName: text("商品名称"),
      goodsClass: text("分类", { max: 50 }),
      goodsType: text("类型", { max: 50 }),
      goodsCount: num("库存", 0, 2_000_000_000, 0),
      pictureTitle: picture("图片"),
      price: text("价格", { max: 20 }),
      marketPrice: text("市场价", { max: 20 }),
      serviceGuarantee: text("服务保障", { max: 100 }),
      status: text("状态", { max: 20 }),
      lng: text("经度", { max: 20 }),
      lat: text("纬度", { max: 20 }),
      url: link("链接"),
    },
    GOODS_MAX_ITEMS,
    "件",
  ),
});
export const defaultGoodsList = GoodsList.defaults;
export type GoodsListComponent = ReturnType<typeof defaultGoodsList>;
