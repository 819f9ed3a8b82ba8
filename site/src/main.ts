import "./style.css";
import { ApiError, call, type Article, type Menu, type SiteConfig } from "./api.ts";
import { dayOf, html, pictures, raw, type Raw } from "./html.ts";

/**
 * The public website (spec 002 "Public website"; R595–R606): a shell with a desktop layout over
 * 800 px and a mobile one below, the home view (logo, menu, hot-news carousel, footer), inner pages
 * (logo, top menu chosen by functionId, left sub-menu, content) with the information list and the
 * detail page. No framework: the pages are strings built from escaped values (html.ts), and links
 * within the site are followed by the History API. docs/content.md tells the whole design.
 */
const BASE = import.meta.env.BASE_URL.replace(/\/$/, "");
const PORTAL_KEY = "xy.portal";
export const PORTAL_MISSING = "没有读取到门户信息，请重试。";
export const PORTAL_FAILED = "读取门户信息时出错。";
/** R597: the carousel turns every 8 s. */
export const SLIDE_MS = 8000;
/** docs/gaps.md §10: 10 articles a page. */
const PAGE_SIZE = 10;

const app = document.getElementById("app")!;
let config: SiteConfig;
let menus: Menu[] = [];
let timer: number | undefined;

/** R595: desktop over 800 px wide, mobile otherwise. */
const isDesktop = () => window.innerWidth > 800;
const link = (path: string) => `${BASE}${path}`;
const setMeta = (title: string, description: string) => {
  document.title = title ? `${title} - ${config.branchname}` : config.branchname;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.append(meta);
  }
  meta.content = description.slice(0, 150);
};
const plain = (s: string) =>
  s
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

function message(text: string) {
  app.innerHTML = html`<p class="loading" role="alert">${text}</p>`.html;
}

/** R604–R606: the portal code is kept in local storage; missing and failing reads have their own messages. */
async function loadPortal(): Promise<boolean> {
  try {
    const r = await call("GET /gateway/oauth/loadPortalConfig", {});
    if (!r.data?.portalCode) throw new ApiError("404", PORTAL_MISSING);
    localStorage.setItem(PORTAL_KEY, r.data.portalCode);
    return true;
  } catch (e) {
    if (e instanceof ApiError && e.code === "404") message(PORTAL_MISSING);
    else {
      localStorage.removeItem(PORTAL_KEY);
      message(PORTAL_FAILED);
    }
    return false;
  }
}

// ── pieces ──

function logo(src: string) {
  return html`<a class="logo" href="${link("/")}"
    >${src ? html`<img src="${src}" alt="${config.branchname}" width="280" height="64" />` : html`<span>${config.branchname}</span>`}</a
  >`;
}

/** The top menu; the current entry follows functionId (R601). */
function topMenu(current?: Menu) {
  return html`<nav class="menu" aria-label="网站菜单">
    <a href="${link("/")}" class="${current ? "" : "on"}">首页</a>${menus.map(
      (m) => html`<a href="${link(m.frontlink)}" class="${current?.typeid === m.typeid ? "on" : ""}">${m.typename}</a>`,
    )}
  </nav>`;
}

function header(current?: Menu, home = false) {
  return html`<header class="top"><div class="wrap">${logo(home ? config.indexLogo : config.pageLogo || config.indexLogo)}${topMenu(current)}</div></header>`;
}

/** R596: address, phone and registration number. */
function footer() {
  return html`<footer class="foot">
    <div class="wrap">
      <p>${config.companyname}</p>
      <p>地址：${config.branchaddress} <span class="sep">|</span> 电话：${config.branchleadermobile}</p>
      <p>${config.icp}</p>
    </div>
  </footer>`;
}

const picture = (a: Article) => pictures(a.infoPicture)[0] || config.nopic;
const articleHref = (a: Article) => (a.jumpUrl ? a.jumpUrl : link(`/information/view?functionId=${a.typeId}&id=${a.id}`));

/** The top menu an inner page belongs to: the entry with this functionId, or the one whose sub-menu has it. */
function menuOf(functionId: number): { top?: Menu; own?: Menu } {
  for (const m of menus) {
    if (m.typeid === functionId) return { top: m, own: m };
    const sub = m.subMenus.find((s) => s.typeid === functionId);
    if (sub) return { top: m, own: sub };
  }
  return {};
}

function inner(functionId: number, body: Raw) {
  const { top, own } = menuOf(functionId);
  const side = top ? [top, ...top.subMenus] : [];
  return html`${header(top)}
    <div class="wrap page">
      ${
        side.length > 0
          ? html`<aside class="side">
              <h2>${top!.typename}</h2>
              ${side.map((m) => html`<a href="${link(m.frontlink)}" class="${own?.typeid === m.typeid ? "on" : ""}">${m.typename}</a>`)}
            </aside>`
          : ""
      }
      <main class="content">${body}</main>
    </div>
    ${footer()}`;
}

// ── views ──

/** The home page's hot news, asked at start beside the configuration (the carousel is the page's largest paint). */
let hotFirst: Promise<Article[]> | undefined;
const hotNews = () => call("GET /gateway/api/information/loadListByLabel", { lable: "hot", limit: 10 }).then((r) => r.dataList ?? []);

async function home() {
  app.innerHTML = html`${header(undefined, true)}
    <main class="wrap">
      <section class="carousel" aria-label="热点资讯"><p class="loading">加载中…</p></section>
      <section class="latest"></section>
    </main>
    ${footer()}`.html;
  setMeta("", config.pagePurpose || config.branchname);
  const hot = await (hotFirst ?? hotNews());
  hotFirst = undefined;
  carousel(app.querySelector(".carousel")!, hot);
  const first = menus.find((m) => m.frontlink.includes("/information/list"));
  if (first) {
    const r = await call("GET /gateway/api/information/loadListByFunctionId", { functionId: first.typeid, pageSize: 6 });
    app.querySelector(".latest")!.innerHTML = html`<h2>${first.typename}<a class="more" href="${link(first.frontlink)}">更多</a></h2>
      ${articleList(r.dataList ?? [])}`.html;
  }
}

/** R597: 2 news a slide on desktop, 1 on mobile, turning every 8 s; dots and arrows turn it by hand. */
function carousel(root: Element, items: Article[]) {
  if (!items.length) {
    root.innerHTML = "";
    return;
  }
  let index = 0;
  const per = () => (isDesktop() ? 2 : 1);
  const slides = () => Math.ceil(items.length / per());
  const draw = () => {
    const n = slides();
    index = ((index % n) + n) % n;
    const shown = items.slice(index * per(), index * per() + per());
    root.innerHTML = html`<div class="slides" data-per="${per()}">
        ${shown.map(
          (a) => html`<a class="slide" href="${articleHref(a)}"><img src="${picture(a)}" alt="" width="800" height="450" /><span class="caption">${a.infoTitle}</span></a>`,
        )}
      </div>
      <button type="button" class="prev" aria-label="上一张">‹</button><button type="button" class="next" aria-label="下一张">›</button>
      <div class="dots">
        ${Array.from({ length: n }, (_, i) => html`<button type="button" aria-label="第${i + 1}组" class="${i === index ? "on" : ""}" data-i="${i}"></button>`)}
      </div>`.html;
  };
  const go = (i: number) => {
    index = i;
    draw();
    restart();
  };
  const restart = () => {
    window.clearInterval(timer);
    timer = window.setInterval(() => {
      index++;
      draw();
    }, SLIDE_MS);
  };
  root.addEventListener("click", (e) => {
    const t = e.target as HTMLElement;
    if (t.classList.contains("prev")) go(index - 1);
    else if (t.classList.contains("next")) go(index + 1);
    else if (t.dataset.i) go(Number(t.dataset.i));
  });
  draw();
  restart();
}

function articleList(items: Article[]) {
  if (!items.length) return html`<p class="empty">暂无信息</p>`;
  return html`<ul class="articles">
    ${items.map(
      (a) =>
        html`<li>
          <a href="${articleHref(a)}"><img src="${picture(a)}" alt="" width="160" height="90" loading="lazy" /></a>
          <div>
            <h3><a href="${articleHref(a)}">${a.infoTitle}</a></h3>
            <p class="meta"><time>${dayOf(a)}</time>${a.fromIn ? html`<span>来源：${a.fromIn}</span>` : ""}${a.label ? html`<span class="label">${a.label}</span>` : ""}</p>
          </div>
        </li>`,
    )}
  </ul>`;
}

async function list(q: URLSearchParams) {
  const functionId = Number(q.get("functionId"));
  const page = Math.max(1, Number(q.get("page")) || 1);
  const r = await call("GET /gateway/api/information/loadListByFunctionId", { functionId, currentPage: page, pageSize: PAGE_SIZE });
  const { own } = menuOf(functionId);
  const max = r.pageParams?.maxPage ?? 1;
  const to = (p: number) => link(`/information/list?functionId=${functionId}&page=${p}`);
  // R603: previous / next.
  const pager = html`<nav class="pager" aria-label="分页">
    ${page > 1 ? html`<a href="${to(page - 1)}" rel="prev">上一页</a>` : html`<span class="off">上一页</span>`}<span>第 ${page} / ${max} 页</span>${
      page < max ? html`<a href="${to(page + 1)}" rel="next">下一页</a>` : html`<span class="off">下一页</span>`
    }
  </nav>`;
  app.innerHTML = inner(
    functionId,
    html`<h1>${own?.typename ?? "信息列表"}</h1>
      ${articleList(r.dataList ?? [])}${max > 1 ? pager : ""}`,
  ).html;
  setMeta(own?.typename ?? "信息列表", `${config.branchname}${own?.typename ?? ""}：${(r.dataList ?? []).map((a) => a.infoTitle).join("、")}`);
}

function articleBody(a: Article, preview = false) {
  const pics = pictures(a.infoPicture);
  return html`<article class="article">
    ${preview ? html`<p class="preview" role="status">预览：此信息尚未发布或未启用，只有后台人员可见。</p>` : ""}
    <h1>${a.infoTitle}</h1>
    <p class="meta"><time>${dayOf(a)}</time>${a.fromIn ? html`<span>来源：${a.fromIn}</span>` : ""}${a.label ? html`<span class="label">${a.label}</span>` : ""}</p>
    ${a.price ? html`<p class="price">价格：${a.price}</p>` : ""} ${a.starttime ? html`<p class="when">活动时间：${a.starttime} 至 ${a.endtime}</p>` : ""}
    ${a.address ? html`<p class="where">地址：${a.address}</p>` : ""}
    ${pics.length > 1 ? html`<div class="pics">${pics.map((p) => html`<img src="${p}" alt="" loading="lazy" />`)}</div>` : ""}
    <div class="body">${raw(a.content ?? "")}</div>
  </article>`;
}

/** R600, R528: the detail page reads functionId and id; `preview` shows a staff member's draft (beyond the spec). */
async function view(q: URLSearchParams, single = false) {
  const functionId = Number(q.get("functionId"));
  const token = q.get("preview");
  const r = token
    ? await call("GET /gateway/api/information/preview", { token })
    : single
      ? await call("GET /gateway/api/information/loadViewByFunctionId", { functionId })
      : await call("GET /gateway/api/information/loadViewById", { functionId, id: Number(q.get("id")) });
  const a = r.data!;
  app.innerHTML = inner(functionId || a.typeId, articleBody(a, !!token)).html;
  setMeta(a.infoTitle, plain(a.content ?? "") || a.infoTitle);
}

// ── routing ──

async function route() {
  window.clearInterval(timer);
  const path = location.pathname.slice(BASE.length) || "/";
  const q = new URLSearchParams(location.search);
  document.body.classList.toggle("desktop", isDesktop());
  document.body.classList.toggle("mobile", !isDesktop());
  try {
    if (path === "/" || path === "") await home();
    else if (path === "/information/list") await list(q);
    else if (path === "/information/view") await view(q);
    else if (path === "/information/infoview") await view(q, true);
    else {
      app.innerHTML = inner(
        0,
        html`<h1>页面不存在</h1>
          <p><a href="${link("/")}">返回首页</a></p>`,
      ).html;
      setMeta("页面不存在", config.branchname);
    }
  } catch (e) {
    const text = e instanceof ApiError ? e.message : `读取接口出错：${(e as Error).message}`;
    app.innerHTML = inner(
      Number(q.get("functionId")),
      html`<p class="error" role="alert">${text}</p>
        <p><a href="${link("/")}">返回首页</a></p>`,
    ).html;
  }
  window.scrollTo(0, 0);
}

/** Links within the site are followed without a reload. */
document.addEventListener("click", (e) => {
  const a = (e.target as HTMLElement).closest("a");
  if (!a || a.target || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith(BASE + "/")) return;
  e.preventDefault();
  history.pushState(null, "", url.pathname + url.search);
  void route();
});
window.addEventListener("popstate", () => void route());
/** Crossing 800 px redraws the page in the other layout (R595). */
let wasDesktop = isDesktop();
window.addEventListener("resize", () => {
  if (isDesktop() === wasDesktop) return;
  wasDesktop = isDesktop();
  void route();
});

async function start() {
  // R602: the loading text stays until data arrives (a page rendered by the server keeps its content meanwhile).
  if (!app.querySelector(".article")) message("加载中…");
  const path = location.pathname.slice(BASE.length);
  if (path === "/" || path === "") {
    hotFirst = hotNews();
    hotFirst.catch(() => undefined);
  }
  // The portal and the configuration are read side by side; the menu needs the configuration's id.
  const configFirst = call("GET /gateway/oauth/loadWebsiteConfig", {});
  configFirst.catch(() => undefined);
  if (!(await loadPortal())) return;
  try {
    config = (await configFirst).data!;
    menus = (await call("GET /gateway/api/manage/appcenter/loadfrontmenu/{mainMenuId}", { mainMenuId: config.mainMenuId, branchId: 0 })).dataList ?? [];
  } catch (e) {
    message(e instanceof ApiError ? e.message : PORTAL_FAILED);
    return;
  }
  // R599: the theme colours.
  document.documentElement.style.setProperty("--main", config.mainColor);
  document.documentElement.style.setProperty("--second", config.secondColor);
  await route();
}

void start();
