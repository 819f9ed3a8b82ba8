import type { PublicArticle } from "@xiangyu/core/content/views";
import type { SitemapArticle } from "@xiangyu/core/content/sitemap";
import { labelName, splitPictures } from "@xiangyu/core/content/rules";
import { pictureAddress, variantsOf, variantUrl, type PictureVariants } from "@xiangyu/core/content/pictureVariants";
import type { PublicWebsiteConfig } from "@xiangyu/core/website/config";
import type { FrontMenu } from "@xiangyu/core/website/rules";
import { etagOf, namesEtag } from "../http/etag.ts";

/**
 * The website's pages rendered on the server (docs/content.md "Pages rendered by the content
 * Lambda"): home, lists, single pages, articles, the 404 page, robots.txt, the sitemap and the
 * favicon. Every page is complete HTML for a phone and a desktop alike (one markup, CSS media
 * queries in app.css); the site's script (app.js) only adds behaviour — the carousel's turning —
 * and never redraws. Bodies are the rich text as stored, which the allow-list sanitiser cleaned
 * before it was saved. app.js and app.css are the site build's stable entry, written from its
 * manifest and served `no-cache` (site/vite.config.ts): a page never names a hashed file, so a
 * cached copy outlives a deploy.
 */
const ESC: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const esc = (s: unknown): string => String(s ?? "").replace(/[&<>"']/g, (c) => ESC[c]!);
export const plain = (s: string) =>
  s
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** R597/R598: the carousel shows the newest hot articles; six keep its dots (44 px each) within a 360 px phone. */
export const CAROUSEL_SIZE = 6;
/** docs/gaps.md §10: 10 articles a page. */
export const PAGE_SIZE = 10;
/** The home page's latest articles of the first list column. */
export const LATEST_SIZE = 6;

/** Who the page is for: the site's root (`/site/` on one machine, `/` in the cloud) and its public origin. */
export type Site = { base: string; origin: string; portal: string; config: PublicWebsiteConfig; menus: FrontMenu[] };

/** A path below the site's root as the visitor's address (`information/list?…` → `/site/information/list?…`). */
export const href = (s: Site, path: string) => s.base + path.replace(/^\//, "");
export const absolute = (s: Site, url: string) => new URL(pictureAddress(url), s.origin + s.base).href;
/** A Shanghai business time ("2026-01-01 08:00:00") as ISO 8601 with its offset. */
const isoTime = (t: string) => (t.length >= 19 ? `${t.slice(0, 10)}T${t.slice(11, 19)}+08:00` : t.length === 10 ? `${t}T00:00:00+08:00` : "");
const dayOf = (a: PublicArticle) => (a.publishtime || a.addtime).slice(0, 10);
const picture = (s: Site, a: PublicArticle) => splitPictures(a.infoPicture)[0] || s.config.nopic;
const articleHref = (s: Site, a: Pick<PublicArticle, "jumpUrl" | "typeId" | "id">) => a.jumpUrl || href(s, `information/view?functionId=${a.typeId}&id=${a.id}`);
/** JSON inside a script element: `<` escaped so no text can close the element. */
const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, "\\u003c")}</script>`;

/** The top menu an inner page belongs to: the entry with this functionId, or the one whose sub-menu has it. */
function menuOf(menus: FrontMenu[], functionId: number): { top?: FrontMenu; own?: FrontMenu } {
  for (const m of menus) {
    if (m.typeid === functionId) return { top: m, own: m };
    const sub = m.subMenus.find((x) => x.typeid === functionId);
    if (sub) return { top: m, own: sub };
  }
  return {};
}

type Head = {
  title: string;
  description: string;
  /** The page's own address below the root (canonical and og:url); none for a 404 or a preview. */
  path?: string;
  image?: string;
  kind?: "website" | "article";
  noindex?: boolean;
  structured?: unknown;
};

function document(s: Site, head: Head, main: string, current?: FrontMenu, home = false): string {
  const { config } = s;
  const title = head.title ? `${head.title} - ${config.branchname}` : config.branchname;
  const description = head.description.slice(0, 150);
  const canonical = head.path !== undefined ? absolute(s, href(s, head.path)) : "";
  const image = head.image ? absolute(s, head.image) : config.indexLogo ? absolute(s, config.indexLogo) : "";
  const logo = home ? config.indexLogo : config.pageLogo || config.indexLogo;
  const meta = [
    `<meta name="description" content="${esc(description)}">`,
    head.noindex ? `<meta name="robots" content="noindex">` : "",
    canonical ? `<link rel="canonical" href="${esc(canonical)}"><meta property="og:url" content="${esc(canonical)}">` : "",
    `<meta property="og:type" content="${head.kind ?? "website"}"><meta property="og:site_name" content="${esc(config.branchname)}">`,
    `<meta property="og:title" content="${esc(head.title || config.branchname)}"><meta property="og:description" content="${esc(description)}"><meta property="og:locale" content="zh_CN">`,
    image ? `<meta property="og:image" content="${esc(image)}">` : "",
    head.structured ? jsonLd(head.structured) : "",
  ].join("");
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>${meta}
<link rel="icon" href="${href(s, "favicon.ico")}" type="image/svg+xml">
<link rel="stylesheet" href="${s.base}app.css"><style>:root{--main:${esc(config.mainColor)};--second:${esc(config.secondColor)}}</style>
<script type="module" src="${s.base}app.js"></script></head>
<body data-portal="${esc(s.portal)}">
<header class="top"><div class="wrap"><a class="logo" href="${s.base}">${logo ? `<img src="${esc(logo)}" alt="${esc(config.branchname)}" width="280" height="64">` : `<span>${esc(config.branchname)}</span>`}</a>
<nav class="menu" aria-label="网站菜单"><a href="${s.base}"${home ? ' class="on" aria-current="page"' : ""}>首页</a>${s.menus.map((m) => `<a href="${esc(href(s, m.frontlink))}"${current?.typeid === m.typeid ? ' class="on" aria-current="page"' : ""}>${esc(m.typename)}</a>`).join("")}</nav></div></header>
${main}
<footer class="foot"><div class="wrap"><p>${esc(config.companyname)}</p><p><span class="nowrap">地址：${esc(config.branchaddress)}</span> <span class="sep" aria-hidden="true">|</span> <span class="nowrap">电话：${esc(config.branchleadermobile)}</span></p><p>${esc(config.icp)}</p></div></footer>
</body></html>`;
}

/** An inner page: the top menu's entry marked (R601), its sub-menu beside the content. */
export function inner(s: Site, functionId: number, head: Head, body: string): string {
  const { top, own } = menuOf(s.menus, functionId);
  const side = top ? [top, ...top.subMenus] : [];
  const aside = side.length
    ? `<aside class="side" aria-label="${esc(top!.typename)}"><h2>${esc(top!.typename)}</h2><nav>${side.map((m) => `<a href="${esc(href(s, m.frontlink))}"${own?.typeid === m.typeid ? ' class="on" aria-current="page"' : ""}>${esc(m.typename)}</a>`).join("")}</nav></aside>`
    : "";
  return document(s, head, `<div class="wrap page">${aside}<main class="content" id="main">${body}</main></div>`, top);
}

const meta = (a: PublicArticle) =>
  `<p class="meta"><time datetime="${esc(isoTime(a.publishtime || a.addtime))}">${esc(dayOf(a))}</time>${a.fromIn ? `<span>来源：${esc(a.fromIn)}</span>` : ""}${a.label ? `<span class="label">${esc(labelName(a.label))}</span>` : ""}</p>`;

/**
 * How a picture loads: the page's largest picture first and early (`high`), others in the first
 * screen as the browser sees fit (`eager`), pictures further down only when they near the screen
 * (`lazy`). Every picture is decoded off the main thread and has its size.
 */
export type Priority = "high" | "eager" | "lazy";
export const loading = (p: Priority) => (p === "high" ? ' fetchpriority="high"' : p === "lazy" ? ' loading="lazy"' : "") + ' decoding="async"';

/**
 * A picture (docs/content.md "Responsive pictures"): when its address names smaller copies
 * (core/content/pictureVariants.ts), WebP copies are a `<picture>`'s source and copies of the
 * original's format the `<img>`'s own `srcset`, chosen by `sizes` (the width the page's CSS gives
 * the picture); any other address is a plain `<img>`. Always with its size and how it loads.
 */
export function image(src: string, o: { alt: string; width: number; height: number; sizes: string; priority: Priority }): string {
  const v = variantsOf(src);
  const attrs = `alt="${esc(o.alt)}" width="${o.width}" height="${o.height}"${loading(o.priority)}`;
  if (!v) return `<img src="${esc(src)}" ${attrs}>`;
  return withCopies(v, o.sizes, (extra) => `<img src="${esc(v.src)}"${extra} ${attrs}>`);
}

/**
 * A picture's copies as markup around its `<img>` (`img` draws it, given the attributes it gains):
 * WebP copies a `<picture>`'s source, copies of the original's format (with the original at its
 * width when named) the `<img>`'s own `srcset`.
 */
function withCopies(v: PictureVariants, sizes: string, img: (extra: string) => string): string {
  const set = (extra: string[] = []) => [...v.widths.map((w) => `${esc(variantUrl(v.src, w, v.type))} ${w}w`), ...extra].join(", ");
  if (v.type === "webp") return `<picture><source type="image/webp" srcset="${set()}" sizes="${esc(sizes)}">${img("")}</picture>`;
  const whole = v.original && v.original > v.widths[v.widths.length - 1]! ? [`${esc(v.src)} ${v.original}w`] : [];
  return img(` srcset="${set(whole)}" sizes="${esc(sizes)}"`);
}

/** The widths the stylesheet gives pictures (site/src/style.css; the desktop's layout over 800 px, its page at most 1200 px). */
export const SIZES = {
  /** A list's thumbnail: 128 px on a phone, 160 px on a desktop. */
  thumbnail: "(min-width: 801px) 160px, 128px",
  /** A carousel slide: the screen on a phone, half the page on a desktop. */
  slide: "(min-width: 801px) 584px, calc(100vw - 32px)",
  /** A picture of the content column (an article's pictures, a hotel's gallery). */
  content: "(min-width: 801px) 900px, calc(100vw - 32px)",
} as const;

/** A list's picture, or a box of its size when the article has none and the site set no default (never an empty src). */
const thumbnail = (src: string, p: Priority) => (src ? image(src, { alt: "", width: 160, height: 90, sizes: SIZES.thumbnail, priority: p }) : `<span class="thumb"></span>`);

/**
 * One link per article: the thumbnail and the title together (the picture needs no name of its own).
 * The titles are headings one level below the section's (`h2` under a list page's `h1`, `h3` under
 * the home page's `h2`); the first screen's thumbnails load at once (`eager`), the rest lazily.
 */
function articleList(s: Site, items: PublicArticle[], o: { level: 2 | 3; eager: number }): string {
  if (!items.length) return `<p class="empty">暂无信息</p>`;
  const h = `h${o.level}`;
  return `<ul class="articles">${items
    .map(
      (a, i) =>
        `<li><a class="card" href="${esc(articleHref(s, a))}">${thumbnail(picture(s, a), i < o.eager ? "eager" : "lazy")}<span class="text"><${h}>${esc(a.infoTitle)}</${h}>${meta(a)}</span></a></li>`,
    )
    .join("")}</ul>`;
}

/**
 * R597: every hot article is in the page, side by side in a track that scrolls (swipes) by itself
 * without a script; the slides' boxes are sized by CSS (16:9, one on a phone, two on a desktop), so
 * nothing moves when the pictures arrive. The script turns it every 8 s and wires arrows and dots.
 */
function carousel(s: Site, items: PublicArticle[]): string {
  if (!items.length) return "";
  return `<section class="carousel" aria-label="热点资讯" aria-roledescription="carousel"><div class="track">${items
    .map(
      (a, i) =>
        // The first slide is the page's largest picture; the others wait until they near the screen
        // (the track clips them; on a desktop the second is in view beside the first and loads at
        // once) or until the script is about to show them (site/src/main.ts). Their boxes are the
        // stylesheet's 16:9, so a late picture moves nothing.
        `<a class="slide" href="${esc(articleHref(s, a))}">${picture(s, a) ? image(picture(s, a), { alt: "", width: 800, height: 450, sizes: SIZES.slide, priority: i === 0 ? "high" : "lazy" }) : ""}<span class="caption">${esc(a.infoTitle)}</span></a>`,
    )
    .join("")}</div>${
    items.length > 1
      ? `<button type="button" class="prev" aria-label="上一张">‹</button><button type="button" class="next" aria-label="下一张">›</button><div class="dots">${items
          .map((a, i) => `<button type="button" data-i="${i}" aria-label="${esc(a.infoTitle)}"${i === 0 ? ' class="on" aria-current="true"' : ""}></button>`)
          .join("")}</div>`
      : ""
  }</section>`;
}

export function homePage(s: Site, hot: PublicArticle[], latest?: { menu: FrontMenu; items: PublicArticle[] }): string {
  const { config } = s;
  const main = `<main class="wrap home" id="main"><h1 class="visually-hidden">${esc(config.branchname)}</h1>${carousel(s, hot.slice(0, CAROUSEL_SIZE))}${
    latest
      ? `<section class="latest" aria-labelledby="latest-title"><h2 id="latest-title">${esc(latest.menu.typename)}<a class="more" href="${esc(href(s, latest.menu.frontlink))}">更多<span class="visually-hidden">${esc(latest.menu.typename)}</span></a></h2>${articleList(s, latest.items, { level: 3, eager: 0 })}</section>`
      : ""
  }</main>`;
  const structured = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: config.branchname,
    url: absolute(s, s.base),
    description: config.pagePurpose || config.branchname,
  };
  return document(s, { title: "", description: config.pagePurpose || config.branchname, path: "", structured }, main, undefined, true);
}

export function listPage(s: Site, functionId: number, page: number, maxPage: number, items: PublicArticle[]): string {
  const { own } = menuOf(s.menus, functionId);
  const name = own?.typename ?? "信息列表";
  const to = (p: number) => href(s, `information/list?functionId=${functionId}${p > 1 ? `&page=${p}` : ""}`);
  // R603: previous / next.
  const pager =
    maxPage > 1
      ? `<nav class="pager" aria-label="分页">${page > 1 ? `<a href="${esc(to(page - 1))}" rel="prev">上一页</a>` : `<span class="off">上一页</span>`}<span>第 ${page} / ${maxPage} 页</span>${
          page < maxPage ? `<a href="${esc(to(page + 1))}" rel="next">下一页</a>` : `<span class="off">下一页</span>`
        }</nav>`
      : "";
  const path = `information/list?functionId=${functionId}${page > 1 ? `&page=${page}` : ""}`;
  const description = `${s.config.branchname}${name}：${items.map((a) => a.infoTitle).join("、")}`;
  return inner(
    s,
    functionId,
    { title: page > 1 ? `${name}（第${page}页）` : name, description, path },
    `<h1>${esc(name)}</h1>${articleList(s, items, { level: 2, eager: 4 })}${pager}`,
  );
}

/**
 * Pictures of the body after the first load when they near the screen; the first, often the page's
 * largest paint, is fetched early (`high`), or as the browser sees fit when a picture above it is the
 * page's (`eager`), or lazily like the rest when the body is far down (`lazy`). They keep the sizes
 * the editor gave them, and a picture whose address names its copies (the editor's uploads since
 * issue 35) gets them as `srcset` (`bodyPicture`).
 */
export const lazyBody = (html: string, first: Priority = "high") => {
  let n = 0;
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    const own = /\b(?:loading|fetchpriority)=/i.test(tag);
    return bodyPicture(own ? tag : `<img${loading(n++ === 0 ? first : "lazy")}${tag.slice(4)}`);
  });
};

/** The content column's width, capped at the picture's own width when the editor gave it (a small picture never asks for a wide copy). */
const bodySizes = (width: number) => (width > 0 && width < 900 ? `(min-width: 801px) ${width}px, calc(100vw - 32px)` : SIZES.content);

/**
 * A body's `<img>` as the sanitiser left it (kernel/richText.ts: double-quoted attributes, `src`
 * an address it allows): with copies named in its address, the address without the fragment and
 * the copies as `srcset`, like `image`; any other picture as it is. The markup added is the
 * renderer's, from the address alone: nothing of the stored text is let through beyond the
 * sanitiser's attributes.
 */
function bodyPicture(tag: string): string {
  const src = /\ssrc="([^"]*)"/.exec(tag);
  const v = src ? variantsOf(src[1]!.replace(/&amp;/g, "&")) : null;
  if (!src || !v) return tag;
  const width = Number(/\swidth="(\d{1,5})"/.exec(tag)?.[1] ?? 0);
  const at = src.index + src[0].length;
  return withCopies(v, bodySizes(width), (extra) => `${tag.slice(0, src.index)} src="${esc(v.src)}"${extra}${tag.slice(at)}`);
}

/**
 * An article (R600) or a column's single page (R528); `preview` marks a staff member's draft,
 * which is never indexed. An article carries schema.org NewsArticle; a single page is a WebPage.
 */
export function articlePage(s: Site, functionId: number, a: PublicArticle, o: { single?: boolean; preview?: boolean } = {}): string {
  const pics = splitPictures(a.infoPicture);
  const body = `<article class="article">${o.preview ? `<p class="preview" role="status">预览：此信息尚未发布或未启用，只有后台人员可见。</p>` : ""}<h1>${esc(a.infoTitle)}</h1>${meta(a)}
${a.price ? `<p class="price">价格：${esc(a.price)}</p>` : ""}${a.starttime ? `<p class="when">活动时间：${esc(a.starttime)} 至 ${esc(a.endtime)}</p>` : ""}${a.address ? `<p class="where">地址：${esc(a.address)}</p>` : ""}
${pics.length > 1 ? `<div class="pics">${pics.map((u, i) => image(u, { alt: `${a.infoTitle} 图${i + 1}`, width: 800, height: 450, sizes: SIZES.content, priority: i === 0 ? "high" : "eager" })).join("")}</div>` : ""}
<div class="body">${lazyBody(a.content ?? "", pics.length > 1 ? "eager" : "high")}</div></article>`;
  const path = o.preview ? undefined : o.single ? `information/infoview?functionId=${functionId}` : `information/view?functionId=${functionId}&id=${a.id}`;
  const description = plain(a.content ?? "") || a.infoTitle;
  const published = isoTime(a.publishtime || a.addtime);
  const structured =
    o.single || o.preview
      ? undefined
      : {
          "@context": "https://schema.org",
          "@type": "NewsArticle",
          headline: a.infoTitle.slice(0, 110),
          description: description.slice(0, 150),
          ...(pics.length ? { image: pics.map((u) => absolute(s, u)) } : {}),
          ...(published ? { datePublished: published, dateModified: published } : {}),
          author: { "@type": "Organization", name: a.fromIn || s.config.branchname },
          publisher: {
            "@type": "Organization",
            name: s.config.companyname || s.config.branchname,
            ...(s.config.indexLogo ? { logo: { "@type": "ImageObject", url: absolute(s, s.config.indexLogo) } } : {}),
          },
          mainEntityOfPage: absolute(s, href(s, path!)),
        };
  return inner(s, functionId, { title: a.infoTitle, description, path, image: pics[0], kind: o.single ? "website" : "article", noindex: o.preview, structured }, body);
}

export function missingPage(s: Site, text: string, title = "页面不存在"): string {
  return inner(
    s,
    0,
    { title, description: text, noindex: true },
    `<h1>${esc(title)}</h1><p class="error" role="alert">${esc(text)}</p><p><a class="home-link" href="${s.base}">返回首页</a></p>`,
  );
}

/** robots.txt: everything may be read; the sitemap is named by its full address. */
export function robotsTxt(s: Site): string {
  return `User-agent: *\nAllow: ${s.base}\n\nSitemap: ${absolute(s, href(s, "sitemap.xml"))}\n`;
}

/** The sitemap: home, every column's page (list or single page), every article of a list column, the hotel directory and every hotel, with its last change. */
export function sitemapXml(s: Site, columns: { menu: FrontMenu; articles: SitemapArticle[] }[], hotels: Array<{ id: number; lastmod: string }> = []): string {
  const newest = (list: Array<{ lastmod: string }>) => list.reduce((m, a) => (a.lastmod > m ? a.lastmod : m), "");
  const url = (path: string, lastmod: string) => `<url><loc>${esc(absolute(s, href(s, path)))}</loc>${lastmod ? `<lastmod>${isoTime(lastmod)}</lastmod>` : ""}</url>`;
  const all = columns.flatMap((c) => c.articles);
  const lines = [
    url("", newest(all)),
    ...columns.flatMap(({ menu, articles }) => [
      url(menu.frontlink, newest(articles)),
      ...(menu.frontlink.includes("/information/list") ? articles.map((a) => url(`information/view?functionId=${menu.typeid}&id=${a.id}`, a.lastmod)) : []),
    ]),
    // The hotel directory and every shown hotel (siteHotels.ts), when the tenant shows any.
    ...(hotels.length ? [url("hotels/list", newest(hotels)), ...hotels.map((h) => url(`hotels/view?id=${h.id}`, h.lastmod))] : []),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join("\n")}\n</urlset>\n`;
}

/**
 * The favicon: a house in white on the site's main colour, drawn with paths only. A letter (the
 * site's first character, as before issue 35's Lighthouse work) is text: the browser lays the icon
 * out as a small SVG document in the page's renderer after load, and a Chinese character's font
 * fallback made that one layout a 70–120 ms task (280–500 ms at Lighthouse's 4× slowdown), the
 * phone home page's largest blocking task. A logo is a wide banner, unreadable at 16 px.
 */
export function faviconSvg(config: PublicWebsiteConfig): string {
  const main = esc(config.mainColor);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${main}"/><path d="M10 31 32 12l22 19z" fill="#fff"/><path d="M17 30h30v22H17z" fill="#fff"/><path d="M28 38h8v14h-8z" fill="${main}"/></svg>`;
}

export const HTML = "text/html; charset=utf-8";
const SHORT_CACHE = "public, max-age=60, stale-while-revalidate=300";

/** A page or file the CDN may keep like the JSON reads (60 s, stale 5 min), with its ETag and 304; anything but 200 is not kept. */
export function pageResponse(body: string, o: { status?: number; type?: string; ifNoneMatch?: string; cache?: string } = {}): Response {
  const status = o.status ?? 200;
  const etag = etagOf(body);
  const headers = { "content-type": o.type ?? HTML, "cache-control": status === 200 ? (o.cache ?? SHORT_CACHE) : "no-store", etag };
  if (status === 200 && namesEtag(o.ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { status, headers });
}
