import { headOffice } from "@xiangyu/core/kernel/context";
import { manageByFunction, saveInformation } from "@xiangyu/core/content/information";
import { InformationInput } from "@xiangyu/core/content/schemas";
import { saveWebsiteConfig } from "@xiangyu/core/website/config";
import { WebsiteConfigInput } from "@xiangyu/core/website/schemas";
import { formatDateTime, nowMs } from "@xiangyu/core/kernel/clock";
import * as v from "valibot";
import { since, type Log } from "./progress.ts";
import { storeScene, type SceneKind } from "./pictures.ts";

/**
 * The demo tenant's information and website (issue 20): a few articles of each type, some labelled
 * hot (the home page's carousel), with pictures, and the website's menus — so `npm start` shows a
 * real website at /site/ at once. Each article's pictures are scenes drawn for it at seed time and
 * stored as the tenant's uploads (seed/pictures.ts); the logo and the default picture are the
 * website's own demo files (site/public/demo/), served at /site/demo/. Articles go through the same service the console's
 * save uses (sanitising included); the functions are those of core platform/standardMenu.ts.
 */
const F = { intro: 1301, news: 1302, activity: 1303, page: 1304 } as const;
/** The hotels module's folder (platform/standardMenu.ts): as a website menu, the hotel directory. */
const HOTELS_FOLDER = 1600;
/**
 * A website demo file: the logo (a PNG of site/public/demo/logo.svg, drawn once by Chromium: an SVG
 * logo's Chinese text has the browser look up and lay out a CJK font while it paints, a long task on
 * a phone) and the default picture.
 */
const file = (name: string) => `/site/demo/${name}`;
/** A scene of this kind drawn for the article (replaced by its stored address when seeded: `withPictures`). */
const pic = (kind: SceneKind) => `{{scene:${kind}}}`;
const day = (daysAgo: number) => formatDateTime(nowMs() - daysAgo * 86_400_000);

const para = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join("");

type Seed = { typeId: number; form: Record<string, unknown> };
const ARTICLES: Seed[] = [
  {
    typeId: F.news,
    form: {
      infoType: "news",
      infoTitle: "享域海滨度假酒店盛大开业，会员首住享八折",
      label: "hot",
      fromIn: "享域俱乐部",
      publishtime: day(1),
      infoPicture: pic("resort"),
      content:
        para("位于南海之滨的享域海滨度假酒店于本月正式开业，酒店拥有海景客房二百余间。", "开业期间，俱乐部会员使用房券或会员周次预订，首住可享八折优惠。") +
        `<img src="${pic("resort")}" alt="海滨度假酒店" width="800" height="450">` +
        para("预订请致电会员服务热线，或在小程序中直接下单。"),
    },
  },
  {
    typeId: F.news,
    form: {
      infoType: "news",
      infoTitle: "西湖畔精品酒店加入会员酒店体系",
      label: "hot",
      fromIn: "杭州西湖店",
      publishtime: day(3),
      infoPicture: `${pic("lake")}?${pic("garden")}`,
      content:
        para("西湖畔精品酒店正式成为享域会员酒店，会员可凭周次入住湖景房。", "酒店步行十分钟可达断桥与白堤。") + `<img src="${pic("lake")}" alt="西湖" width="800" height="450">`,
    },
  },
  {
    typeId: F.news,
    form: {
      infoType: "news",
      infoTitle: "会员服务热线延长至晚上十点",
      label: "hot",
      fromIn: "会员服务部",
      publishtime: day(6),
      infoPicture: pic("city"),
      content: para("为方便会员出行，会员服务热线自下月起服务时间延长至每日22:00。"),
    },
  },
  {
    typeId: F.news,
    form: {
      infoType: "news",
      infoTitle: "温泉季来临：山间温泉酒店房态开放",
      label: "hot",
      fromIn: "享域俱乐部",
      publishtime: day(9),
      infoPicture: pic("spring"),
      content: para("冬季温泉季房态已开放，会员可提前九十天预订。") + `<img src="${pic("spring")}" alt="温泉" width="800" height="450">`,
    },
  },
  ...Array.from({ length: 9 }, (_, i) => ({
    typeId: F.news,
    form: {
      infoType: "news",
      infoTitle: `门店动态第${i + 1}期：会员活动回顾`,
      label: i % 3 === 0 ? "门店" : "",
      fromIn: ["广州天河店", "深圳南山店", "上海浦东店"][i % 3],
      publishtime: day(12 + i * 4),
      infoPicture: pic((["mountain", "garden", "city"] as const)[i % 3]!),
      content: para(`本期回顾了各门店第${i + 1}期会员活动的精彩瞬间。`, "感谢会员朋友们的参与与支持。"),
    },
  })),
  {
    typeId: F.news,
    form: { infoType: "news", infoTitle: "（草稿）下季度会员权益调整说明", label: "hot", fromIn: "会员服务部", idisplay: 0, content: para("草稿：尚未发布。") },
  },
  {
    typeId: F.activity,
    form: {
      infoType: "activity",
      infoTitle: "春节会员答谢晚宴",
      label: "hot",
      starttime: "2027-01-28 18:00:00",
      endtime: "2027-01-28 21:00:00",
      address: "广州市天河区天河路 385 号",
      infoPicture: pic("festival"),
      content: para("诚邀会员与家人共度新春答谢晚宴，现场有抽奖与表演。") + `<img src="${pic("festival")}" alt="晚宴" width="800" height="450">`,
    },
  },
  {
    typeId: F.activity,
    form: {
      infoType: "activity",
      infoTitle: "山居徒步周末",
      starttime: "2026-12-12 08:00:00",
      endtime: "2026-12-13 17:00:00",
      address: "浙江省杭州市西湖区龙井路",
      infoPicture: pic("mountain"),
      content: para("两天一夜的山居徒步，含会员酒店住宿与向导。"),
    },
  },
  {
    typeId: F.activity,
    form: {
      infoType: "activity",
      infoTitle: "亲子花园开放日",
      starttime: "2026-12-20 09:30:00",
      endtime: "2026-12-20 16:00:00",
      address: "深圳市南山区沙河西路",
      infoPicture: pic("garden"),
      content: para("带上孩子，来花园里认识植物、做手工。"),
    },
  },
  {
    typeId: F.intro,
    form: {
      infoType: "intro",
      infoTitle: "享域海滨度假酒店",
      price: "¥688起",
      address: "海南省三亚市海棠湾",
      lng: "109.7495",
      lat: "18.3269",
      infoPicture: `${pic("resort")}?${pic("spring")}`,
      content: para("海景客房、无边泳池与私人沙滩，会员周次可兑换。"),
    },
  },
  {
    typeId: F.intro,
    form: {
      infoType: "intro",
      infoTitle: "西湖畔精品酒店",
      price: "¥520起",
      address: "浙江省杭州市西湖区北山街",
      infoPicture: pic("lake"),
      content: para("湖景房与江南园林，步行可达断桥。"),
    },
  },
  {
    typeId: F.intro,
    form: {
      infoType: "map",
      infoTitle: "会员酒店分布图",
      address: "全国 12 个城市",
      infoPicture: pic("city"),
      content: para("会员酒店遍布华南、华东 12 个城市，更多酒店陆续加入。"),
    },
  },
  {
    typeId: F.page,
    form: {
      infoType: "intro",
      infoTitle: "关于享域",
      infoPicture: pic("garden"),
      content:
        para("享域酒店会员俱乐部成立于2012年，为会员提供会员酒店、折扣酒店、房券与周次交换等服务。", "我们在华南、华东设有分公司与门店，服务会员超过十万人。") +
        `<img src="${pic("garden")}" alt="享域" width="800" height="450">`,
    },
  },
];

/**
 * The article with its scenes drawn and stored: each `{{scene:kind}}` becomes the address of a
 * picture of that kind seeded by the article's title, so every article has its own picture and the
 * same kind twice in one article (the title picture shown again in the body) is the same picture.
 */
async function withPictures(tenantId: string, a: Seed): Promise<Seed> {
  const title = String(a.form.infoTitle);
  const urls = new Map<string, string>();
  const fill = async (text: unknown) => {
    if (typeof text !== "string") return text;
    for (const [, kind] of text.matchAll(/\{\{scene:(\w+)\}\}/g)) if (!urls.has(kind!)) urls.set(kind!, await storeScene(tenantId, title, kind as SceneKind));
    return text.replace(/\{\{scene:(\w+)\}\}/g, (_, kind: string) => urls.get(kind)!);
  };
  // The body names the copies too, as the editor's uploads do since issue 35: the website gives it their srcset.
  return { ...a, form: { ...a.form, infoPicture: await fill(a.form.infoPicture), content: await fill(a.form.content) } };
}

export async function seedContent(tenantId: string, log: Log): Promise<void> {
  // Seeded once: a tenant whose news column has an article keeps what its staff wrote.
  if (await manageByFunction(headOffice(tenantId), F.news)) return;
  const t0 = Date.now();
  const caller = headOffice(tenantId, { username: "admin" });
  // Oldest first, so ids (newest first in lists) follow the publish dates.
  for (const seed of [...ARTICLES].reverse()) {
    const a = await withPictures(tenantId, seed);
    await saveInformation(caller, a.typeId, v.parse(InformationInput, a.form));
  }
  await saveWebsiteConfig(
    caller,
    v.parse(WebsiteConfigInput, {
      branchname: "享域酒店会员俱乐部",
      indexLogo: file("logo.png"),
      pageLogo: file("logo.png"),
      pagePurpose: "享域酒店会员俱乐部官方网站：会员酒店、度假资讯与会员活动。",
      nopic: file("garden.svg"),
      branchaddress: "广州市天河区天河路 385 号 享域大厦 18 层",
      branchleadermobile: "400-800-1234",
      icp: "粤ICP备12345678号-1",
      companyname: "享域酒店管理有限公司",
      mainColor: "",
      secondColor: "",
      menus: [
        { typeid: F.page, typename: "关于我们", parent: 0, kind: "page" },
        // The hotel directory (issue 35): the hotels module's folder stands for it (website/config.ts menuCandidates).
        { typeid: HOTELS_FOLDER, typename: "旗下酒店", parent: 0, kind: "hotels" },
        { typeid: F.news, typename: "新闻资讯", parent: 0, kind: "list" },
        { typeid: F.activity, typename: "会员活动", parent: 0, kind: "list" },
        { typeid: F.intro, typename: "酒店介绍", parent: 0, kind: "list" },
      ],
    }),
  );
  log(`content: ${ARTICLES.length} articles with their pictures, website menus (${since(t0)})`);
}
