import { createElement, type ReactNode } from "react";

/**
 * Rich text drawn in the designer's preview without handing HTML to the page: the text is parsed by
 * DOMParser (an inert document: no script runs, no picture loads) and rebuilt as React elements from
 * an allow-list of tags and attributes, the way the server's sanitiser keeps them. Anything else is
 * dropped or kept as its text, so a document typed by hand cannot run script in the console.
 */
const TAGS = new Set(["p", "br", "h1", "h2", "h3", "h4", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "blockquote", "code", "pre", "a", "img", "span", "div", "hr"]);
const SAFE_URL = /^(https?:\/\/|\/(?!\/))/i;

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  const children = [...el.childNodes].map(toReact);
  if (!TAGS.has(tag)) return children.length ? createElement("span", { key }, ...children) : null;
  const props: Record<string, unknown> = { key };
  if (tag === "a") {
    const href = el.getAttribute("href") ?? "";
    if (SAFE_URL.test(href)) props.href = href;
    props.target = "_blank";
    props.rel = "noreferrer";
  }
  if (tag === "img") {
    const src = el.getAttribute("src") ?? "";
    if (!SAFE_URL.test(src)) return null;
    return createElement("img", { key, src, alt: el.getAttribute("alt") ?? "", className: "max-w-full" });
  }
  if (tag === "br" || tag === "hr") return createElement(tag, { key });
  return createElement(tag, props, ...children);
}

export function HtmlPreview({ html, className }: { html: string; className?: string }) {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  return <div className={className}>{[...body.childNodes].map(toReact)}</div>;
}
