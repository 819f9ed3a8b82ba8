import { createHash } from "node:crypto";
import type { PublicArticle } from "@xiangyu/core/content/views";
import type { PublicWebsiteConfig } from "@xiangyu/core/website/config";
import type { FrontMenu } from "@xiangyu/core/website/rules";

/**
 * The website's detail page rendered on the server (docs/content.md "The detail page without
 * JavaScript"): the same markup and stylesheet as the static site (site/src/main.ts, app.css), so a
 * visitor without JavaScript, a search engine or a link preview reads the article, its title and its
 * description; with JavaScript the site's own script (app.js) takes over the page. The body is the
 * rich text as stored, which the allow-list sanitiser cleaned before it was saved. app.js and
 * app.css are the site build's stable entry, written from its manifest and served `no-cache`
 * (site/vite.config.ts): the page never names a hashed file, so a cached copy outlives a deploy.
 */
const ESC: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const esc = (s: unknown): string => String(s ?? "").replace(/[&<>"']/g, (c) => ESC[c]!);
const plain = (s: string) =>
  s
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const pictures = (s: string) =>
  s
    .split("?")
    .map((u) => u.trim())
    .filter(Boolean);

type Page = { base: string; config: PublicWebsiteConfig; menus: FrontMenu[]; functionId: number };

function shell(p: Page, title: string, description: string, body: string): string {
  const { base, config } = p;
  const top = p.menus.find((m) => m.typeid === p.functionId || m.subMenus.some((s) => s.typeid === p.functionId));
  const side = top ? [top, ...top.subMenus] : [];
  const logo = config.pageLogo || config.indexLogo;
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${esc(title ? `${title} - ${config.branchname}` : config.branchname)}</title>
<meta name="description" content="${esc(description.slice(0, 150))}">
<link rel="stylesheet" href="${base}app.css"><style>:root{--main:${esc(config.mainColor)};--second:${esc(config.secondColor)}}</style>
<script type="module" src="${base}app.js"></script></head>
<body class="desktop"><div id="app">
<header class="top"><div class="wrap"><a class="logo" href="${base}">${logo ? `<img src="${esc(logo)}" alt="${esc(config.branchname)}" width="280" height="64">` : `<span>${esc(config.branchname)}</span>`}</a>
<nav class="menu" aria-label="网站菜单"><a href="${base}">首页</a>${p.menus.map((m) => `<a href="${esc(base + m.frontlink.slice(1))}" class="${top?.typeid === m.typeid ? "on" : ""}">${esc(m.typename)}</a>`).join("")}</nav></div></header>
<div class="wrap page">${side.length ? `<aside class="side"><h2>${esc(top!.typename)}</h2>${side.map((m) => `<a href="${esc(base + m.frontlink.slice(1))}" class="${m.typeid === p.functionId ? "on" : ""}">${esc(m.typename)}</a>`).join("")}</aside>` : ""}
<main class="content">${body}</main></div>
<footer class="foot"><div class="wrap"><p>${esc(config.companyname)}</p><p>地址：${esc(config.branchaddress)} <span class="sep">|</span> 电话：${esc(config.branchleadermobile)}</p><p>${esc(config.icp)}</p></div></footer>
</div></body></html>`;
}

export function articlePage(p: Page, a: PublicArticle): string {
  const pics = pictures(a.infoPicture);
  const day = (a.publishtime || a.addtime).slice(0, 10);
  const body = `<article class="article"><h1>${esc(a.infoTitle)}</h1>
<p class="meta"><time>${esc(day)}</time>${a.fromIn ? `<span>来源：${esc(a.fromIn)}</span>` : ""}${a.label ? `<span class="label">${esc(a.label)}</span>` : ""}</p>
${a.price ? `<p class="price">价格：${esc(a.price)}</p>` : ""}${a.starttime ? `<p class="when">活动时间：${esc(a.starttime)} 至 ${esc(a.endtime)}</p>` : ""}${a.address ? `<p class="where">地址：${esc(a.address)}</p>` : ""}
${pics.length > 1 ? `<div class="pics">${pics.map((u) => `<img src="${esc(u)}" alt="" loading="lazy">`).join("")}</div>` : ""}
<div class="body">${a.content ?? ""}</div></article>`;
  return shell(p, a.infoTitle, plain(a.content ?? "") || a.infoTitle, body);
}

export function missingPage(p: Page, text: string): string {
  return shell(p, "页面不存在", text, `<p class="error" role="alert">${esc(text)}</p><p><a href="${p.base}">返回首页</a></p>`);
}

/** An HTML answer the CDN may keep like the JSON reads (60 s, stale 5 min), with its ETag and 304. */
export function htmlResponse(body: string, status: number, ifNoneMatch: string | undefined): Response {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = {
    "content-type": "text/html; charset=utf-8",
    "cache-control": status === 200 ? "public, max-age=60, stale-while-revalidate=300" : "no-store",
    etag,
  };
  if (status === 200 && (ifNoneMatch ?? "").split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { status, headers });
}
