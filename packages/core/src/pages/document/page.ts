import { action, DATA_FROM, type DataFrom } from "./component.ts";
import { choice, colour, intChoiceOf, jsonText, list, metaOf, picture, tags, text, toggle, url, type FieldMeta, type Fields, type OutputOf, link } from "./fields.ts";

/** R560: portrait pages are 750 × N design px, landscape pages 1920 × 1080. */
export const TERMINALS = [
  { value: "vertical", label: "竖屏（750×N）" },
  { value: "horizontal", label: "横屏（1920×1080）" },
] as const;
export type Terminal = (typeof TERMINALS)[number]["value"];

/** R557: the top of the page is nothing, the main style (navigation bar) or the back-navigation style (page banner), one of them. */
export const TOP_AREAS = [
  { value: "none", label: "无" },
  { value: "main", label: "主页样式" },
  { value: "back", label: "返回导航样式" },
] as const;
export type TopArea = (typeof TOP_AREAS)[number]["value"];

/** R561. */
export const CHECK_IN_TYPES = [
  { value: "password", label: "密码登录" },
  { value: "weixin", label: "微信登录" },
  { value: "captcha", label: "验证码登录" },
] as const;

/** R558: the bar's dark red. */
export const DEFAULT_BAR_COLOUR = "#c62c24";

/** The global settings kept in the document (R555–R562); name, seq and enable status are the page record's. */
export const pageFields = {
  terminal: choice<Terminal>("终端", TERMINALS, "vertical"),
  isGuide: toggle("引导页", false),
  topArea: choice<TopArea>("顶部区域", TOP_AREAS, "main"),
  isHomeService: toggle("首页服务", false),
  menuIcon: picture("菜单图标"),
  menuIconSlt: picture("菜单选中图标"),
  action: action("打开方式"),
  barBackgroundColor: colour("标题栏颜色", DEFAULT_BAR_COLOUR),
  backgroundColor: colour("页面背景颜色", "#f5f5f5"),
  checkInType: choice("登录方式", CHECK_IN_TYPES, "password"),
  checkMobile: intChoiceOf(
    "手机验证",
    [
      { value: 0, label: "仅短信验证" },
      { value: 1, label: "小程序快捷验证" },
    ],
    0,
  ),
  isGuest: toggle("允许游客访问", true),
  isUserReg: toggle("允许注册", true),
  isRepass: toggle("允许找回密码", true),
  refresherTrigger: toggle("下拉刷新", false),
  refresh: toggle("返回页面时刷新", false),
  copyRight: text("版权信息", { max: 200 }),
} satisfies Fields;

/** The navigation bar (导航栏, the header; R573): rounded-corner immersion only with a rounded top; title left, centre or right. */
export const headerFields = {
  display: toggle("显示", true),
  showTitle: toggle("显示标题", true),
  textAlign: choice(
    "标题位置",
    [
      { value: "left", label: "居左" },
      { value: "center", label: "居中" },
      { value: "right", label: "居右" },
    ],
    "center",
  ),
  compFixed: toggle("固定在顶部", false),
  radius: toggle("圆角顶部", false),
  radiusImmersion: toggle("沉浸式圆角", false),
  statusBarImmersion: toggle("沉浸式状态栏", false),
  isBGTransparent: toggle("透明背景", false),
  bgImage: picture("背景图片"),
  dataFrom: choice<DataFrom>("数据来源", DATA_FROM, "api"),
  api: url("数据接口"),
  convertParams: jsonText("字段映射"),
} satisfies Fields;

/** The page banner (页面横幅, the navbar): a left icon and two right icons, each with its event (an address). */
export const NAVBAR_ICONS = 3;
export const navbarFields = {
  display: toggle("显示", false),
  icons: tags("图标", NAVBAR_ICONS),
  urls: tags("事件", NAVBAR_ICONS),
} satisfies Fields;

/** R571: how a tab opens its page. */
export const OPEN_TYPES = ["switchTab", "weappSwitchTab", "reLaunch", "navigateTo", "redirectTo", "weappReLaunch", "tabClick"].map((value) => ({ value, label: value }));
/** WeChat's tab bar takes 2 to 5 items. */
export const TABBAR_MAX = 5;
export const TABBAR_MIN = 2;
export const TABBAR_TOO_FEW = `底部菜单至少需要${TABBAR_MIN}项`;

/** The mini-program's tab bar (底部菜单), R571's example colours as defaults. */
export const tabbarDataFields = {
  color: colour("文字颜色", "#000000"),
  selectedColor: colour("选中文字颜色", DEFAULT_BAR_COLOUR),
  borderStyle: colour("边框颜色", "#e2e2e5"),
  backgroundColor: colour("背景颜色", "#f7f7fa"),
  items: list(
    "菜单",
    {
      text: text("名称", { max: 10 }),
      pagePath: link("页面地址"),
      menuCode: text("菜单编码", { max: 100 }),
      iconPath: picture("图标"),
      selectedIconPath: picture("选中图标"),
      openType: choice("打开方式", OPEN_TYPES, "switchTab"),
    },
    TABBAR_MAX,
    "项",
  ),
} satisfies Fields;

export type SectionMeta = { label: string; fields: Record<string, FieldMeta> };
/** The panels of the page itself, for the designer. */
export const PAGE_SECTIONS = {
  page: { label: "全局设置", fields: metaOf(pageFields) },
  header: { label: "导航栏", fields: metaOf(headerFields) },
  navbar: { label: "页面横幅", fields: metaOf(navbarFields) },
  tabbar: { label: "底部菜单", fields: metaOf(tabbarDataFields) },
} satisfies Record<string, SectionMeta>;

export type PageSettings = OutputOf<typeof pageFields>;
export type HeaderSettings = OutputOf<typeof headerFields>;
export type NavbarSettings = OutputOf<typeof navbarFields>;
export type TabbarData = OutputOf<typeof tabbarDataFields>;
