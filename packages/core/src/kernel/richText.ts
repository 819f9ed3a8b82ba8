import xss from "xss";

/**
 * Rich text as the console's editor writes it (tiptap: paragraphs, headings, lists, quotes, code,
 * links, images, tables), cleaned on the server before it is stored, so no page that renders it —
 * the public website, the mini-program — can be made to run script. An allow-list (js-xss): any
 * other tag is removed with its content when it is a script or style, its tags alone otherwise;
 * any other attribute is dropped; links and images keep only http(s), relative and our upload URLs.
 */
// js-xss is CommonJS: Node's ESM loader offers only its default export.
const { FilterXSS, escapeAttrValue } = xss as unknown as typeof import("xss");

const text = ["p", "br", "hr", "strong", "b", "em", "i", "u", "s", "strike", "sub", "sup", "span", "blockquote", "pre", "code"];
const blocks = ["h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td"];

const whiteList: Record<string, string[]> = {
  ...Object.fromEntries([...text, ...blocks].map((t) => [t, ["style"]])),
  a: ["href", "title", "target", "rel"],
  img: ["src", "alt", "title", "width", "height", "style"],
  th: ["colspan", "rowspan", "style"],
  td: ["colspan", "rowspan", "style"],
};

/** Only these URL forms may be followed or loaded. */
const SAFE_URL = /^(https?:\/\/|\/(?!\/)|#)/i;

const filter = new FilterXSS({
  whiteList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ["script", "style", "iframe", "object", "embed", "noscript", "template"],
  allowCommentTag: false,
  safeAttrValue(tag, name, value, cssFilter) {
    if (name === "href" || name === "src") {
      const v = value.trim();
      return SAFE_URL.test(v) ? escapeAttrValue(v) : "";
    }
    if (name === "style") return escapeAttrValue(cssFilter.process(value));
    return escapeAttrValue(value);
  },
  onTagAttr(tag, name, value) {
    // A link that opens elsewhere never hands that page a handle on ours.
    if (tag === "a" && name === "target") return value === "_blank" ? 'target="_blank" rel="noopener noreferrer"' : "";
    // An address of another kind (javascript:, data:, vbscript:) is dropped with its attribute.
    if ((name === "href" || name === "src") && !SAFE_URL.test(value.trim())) return "";
    return undefined;
  },
});

export function sanitizeRichText(html: string): string {
  return html ? filter.process(html) : "";
}
