import * as v from "valibot";
import { headOffice } from "@xiangyu/core/kernel/context";
import { listPages, savePage } from "@xiangyu/core/pages/service";
import { PageSaveInput } from "@xiangyu/core/pages/schemas";
import { DOCUMENT_VERSION, FORM_SUBMIT_PATH } from "@xiangyu/core/pages/document/index";
import { since, type Log } from "./progress.ts";

/**
 * The demo tenant's custom pages (issue 21): the mini-program's module with a home page that uses
 * most component kinds, a member centre and a consultation form, and the portal's module, so a new
 * user opening 自定义页面 finds a populated designer. Saved through the service the console's save
 * uses (documents checked and cleaned). Pictures are the website's demo files (/site/demo/).
 */
const pic = (name: string) => `/site/demo/${name}.svg`;

const HOME = {
  version: DOCUMENT_VERSION,
  terminal: "vertical",
  topArea: "main",
  barBackgroundColor: "#c62c24",
  backgroundColor: "#f5f5f5",
  refresherTrigger: true,
  copyRight: "© 享域酒店会员俱乐部",
  // The search box sits in the navigation bar (a header component), fixed above the scrolling content.
  header: {
    showTitle: true,
    textAlign: "center",
    compFixed: true,
    components: [{ kind: "Search", placeholder: "搜索酒店、目的地", actionName: "搜索", backgroundColor: "#c62c24", redirect: true, url: "/pages/hotel/list" }],
  },
  tabbar: {
    display: true,
    data: {
      items: [
        { text: "首页", pagePath: "/pages/custom/index?code=home", menuCode: "home" },
        { text: "预约", pagePath: "/pages/custom/index?code=consult", menuCode: "consult" },
        { text: "我的", pagePath: "/pages/custom/index?code=member", menuCode: "member" },
      ],
    },
  },
  content: {
    data: [
      {
        kind: "Banner",
        data: [
          { image: pic("resort"), title: "海滨度假酒店盛大开业", url: "/pages/custom/index?code=news" },
          { image: pic("mountain"), title: "山居秘境 会员专享", url: "/pages/hotel/list" },
          { image: pic("festival"), title: "会员节 幸运抽奖", url: "/pages/lottery/list" },
        ],
      },
      {
        kind: "Menu",
        dataFrom: "api",
        rows: 2,
        columnNum: 4,
        data: [
          { title: "订酒店", icon: pic("city"), url: "/pages/hotel/list" },
          { title: "我的房券", icon: pic("garden"), url: "/pages/member/membership" },
          { title: "我的订单", icon: pic("lake"), url: "/pages/order/list" },
          { title: "会员商城", icon: pic("spring"), url: "/pages/goods/list" },
          { title: "度假资讯", icon: pic("resort"), url: "/pages/custom/index?code=news" },
          { title: "幸运抽奖", icon: pic("festival"), url: "/pages/lottery/list" },
          { title: "预约咨询", icon: pic("mountain"), url: "/pages/custom/index?code=consult" },
          { title: "客服热线", icon: pic("garden"), url: "tel:4008001234" },
        ],
      },
      {
        kind: "Msg",
        data: [
          { title: "春节期间房券预订请提前七天", url: "/pages/hotel/list" },
          { title: "会员服务热线 400-800-1234 全天候为您服务", url: "" },
        ],
      },
      { kind: "SeparationLine" },
      {
        kind: "PictureGroup",
        data: [
          { image: pic("lake"), width: 375, height: 240, action: { type: "local", url: "/pages/hotel/list" } },
          { image: pic("spring"), width: 375, height: 240, action: { type: "local", url: "/pages/goods/list" } },
        ],
      },
      {
        kind: "LFTabs",
        // The brand's red for the chosen tab: the default blue reads at 3.4:1 on white, below WCAG's 4.5:1.
        sltTextColor: "#c62c24",
        data: [
          { title: "推荐", value: "hot" },
          { title: "海滨", value: "sea" },
          { title: "山居", value: "mountain" },
        ],
      },
      { kind: "Information", api: "/gateway/api/information/loadListByFunctionId?functionId=1302", pageSize: 5, isPage: false },
      { kind: "SeparationLine", height: 16 },
      { kind: "GoodsList", listType: 1, api: "/goods/api/mp/list", pageSize: 6, isPage: false },
      { kind: "RichText", mode: 1, content: "<p><strong>享域酒店会员俱乐部</strong>：全国 60 余家会员酒店，一次入会，长久度假。</p>" },
    ],
  },
};

const MEMBER = {
  version: DOCUMENT_VERSION,
  topArea: "back",
  // The back arrow drawn by the page (a picture here would be squeezed into the icon's square).
  navbar: { icons: [], urls: ["back"] },
  content: {
    data: [
      { kind: "RichText", mode: 2, text: "欢迎来到享域会员中心：您的周次、房券、订单和奖品都在这里。", backgroundColor: "#ffffff" },
      {
        kind: "List",
        data: [
          { title: "绑定手机号", url: "/pages/member/bind", arrow: true, hasBorder: true },
          { title: "我的周次与房券", url: "/pages/member/membership", arrow: true, hasBorder: true },
          { title: "我的订单", url: "/pages/order/list", arrow: true, hasBorder: true },
          { title: "我的商品订单", url: "/pages/goods/orders", arrow: true, hasBorder: true },
          { title: "我的奖品", url: "/pages/lottery/records", arrow: true, hasBorder: true },
          { title: "客服热线 400-800-1234", url: "tel:4008001234", arrow: true },
        ],
      },
    ],
  },
};

/** The news page the home page's banner and menu open: the website's news column as a list. */
const NEWS = {
  version: DOCUMENT_VERSION,
  topArea: "back",
  content: { data: [{ kind: "Information", api: "/gateway/api/information/loadListByFunctionId?functionId=1302", pageSize: 10, isPage: false }] },
};

const CONSULT = {
  version: DOCUMENT_VERSION,
  topArea: "back",
  content: {
    data: [
      {
        kind: "Forms",
        formInfo: "留下您的联系方式，会员顾问将在一个工作日内与您联系。",
        // The brand's red under white text (the default blue reads at 3.4:1, below WCAG's 4.5:1).
        formSubmit: { text: "提交预约", action: FORM_SUBMIT_PATH, background: "#c62c24", color: "#ffffff" },
        formData: [
          { type: "input", name: "realname", label: "姓名", required: true, maxLength: 20 },
          { type: "input", name: "mobile", label: "手机号", required: true, maxLength: 11 },
          { type: "picker", name: "visitDate", label: "到访日期", mode: "date" },
          {
            type: "radio",
            name: "interest",
            label: "感兴趣的产品",
            options: [
              { label: "会员卡", value: "card" },
              { label: "房券", value: "voucher" },
            ],
          },
          { type: "textarea", name: "memo", label: "备注", maxLength: 300 },
        ],
      },
    ],
  },
};

const PORTAL = {
  version: DOCUMENT_VERSION,
  terminal: "horizontal",
  topArea: "none",
  content: {
    data: [
      { kind: "Banner", height: 600, data: [{ image: pic("resort"), title: "享域" }] },
      { kind: "RichText", mode: 2, text: "欢迎访问享域会员门户" },
    ],
  },
};

export async function seedPages(tenantId: string, log: Log): Promise<void> {
  const caller = headOffice(tenantId, { username: "admin" });
  // Seeded once: a tenant that has any page keeps what its staff built.
  if ((await listPages(caller, 0)).length > 0) return;
  const t0 = Date.now();
  const save = (form: Record<string, unknown>) => savePage(caller, v.parse(PageSaveInput, form));
  const weapp = await save({ parentId: 0, name: "小程序", code: "weapp", seq: 1 });
  await save({ parentId: weapp.id, name: "首页", code: "home", seq: 1, configJson: JSON.stringify(HOME) });
  await save({ parentId: weapp.id, name: "预约咨询", code: "consult", seq: 2, configJson: JSON.stringify(CONSULT) });
  await save({ parentId: weapp.id, name: "会员中心", code: "member", seq: 3, configJson: JSON.stringify(MEMBER) });
  await save({ parentId: weapp.id, name: "度假资讯", code: "news", seq: 4, configJson: JSON.stringify(NEWS) });
  const portal = await save({ parentId: 0, name: "门户", code: "portal", seq: 2 });
  await save({ parentId: portal.id, name: "门户首页", code: "portal-home", seq: 1, configJson: JSON.stringify(PORTAL) });
  log(`custom pages: 2 modules, 5 pages (${since(t0)})`);
}
