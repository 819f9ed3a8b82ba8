import { TARGETS } from "./targets.ts";
import { gatewayClient, expectOk } from "./http.ts";
import { compare } from "./timing.ts";
import { table } from "./markdown.ts";
import { kB, ms } from "./stats.ts";
import type { BenchArea, Check } from "./types.ts";

/**
 * The page builder (issue 21): a page document of 200 components saves and loads (custompage/save
 * and view, through the gateway, as the designer calls them) within 100 ms p95. The document cycles through the 13 kinds with lists filled and a
 * paragraph of rich text each, so parsing, sanitising and compression all do real work.
 */
export const MAX_DOC_MS = 100;
const FN = 1401;
const BASE = "/gateway/api/manage/custompage";
const KINDS = ["Banner", "Menu", "SeparationLine", "RichText", "Search", "LFTabs", "Information", "InfoView", "PictureGroup", "List", "Forms", "Msg", "GoodsList"] as const;

function component(kind: (typeof KINDS)[number], i: number): Record<string, unknown> {
  const pic = `/site/demo/resort.svg?${i}`;
  switch (kind) {
    case "Banner":
      return { kind, data: Array.from({ length: 5 }, (_, j) => ({ image: pic, title: `轮播${j}`, url: `/pages/p${j}` })) };
    case "Menu":
      return { kind, data: Array.from({ length: 8 }, (_, j) => ({ title: `菜单${j}`, icon: pic, url: `/pages/m${j}` })) };
    case "RichText":
      return { kind, content: `<p>第${i}段：享域酒店会员俱乐部，全国会员酒店，一次入会，长久度假。</p>`.repeat(5) };
    case "PictureGroup":
      return {
        kind,
        data: [
          { image: pic, width: 375 },
          { image: pic, width: 375 },
        ],
      };
    case "List":
      return { kind, data: Array.from({ length: 6 }, (_, j) => ({ title: `列表${j}`, url: `/pages/l${j}` })) };
    case "Forms":
      return {
        kind,
        formSubmit: { action: "/api/form" },
        formData: [
          { type: "input", name: "realname", label: "姓名" },
          { type: "textarea", name: "memo", label: "备注", maxLength: 300 },
        ],
      };
    case "Information":
      return { kind, data: Array.from({ length: 5 }, (_, j) => ({ title: `资讯${j}`, desc: "摘要".repeat(20), images: [{ url: pic }] })) };
    default:
      return { kind };
  }
}

export const area: BenchArea = {
  title: "Page builder",
  async run({ quick, stack, log }) {
    if (!stack) throw new Error("the pages bench needs the stack");
    const { benchTenant } = await import("./tenant.ts");
    const gw = gatewayClient(stack.baseUrl);
    const t = await benchTenant(gw, "benchpages");
    const h = t.headers(FN);
    const doc = JSON.stringify({ version: 2, content: { data: Array.from({ length: 200 }, (_, i) => component(KINDS[i % KINDS.length], i)) } });
    const top = expectOk(await gw.postForm(`${BASE}/save`, { parentId: 0, name: "性能测试" }, h), "module").body.data;
    const page = expectOk(await gw.postForm(`${BASE}/save`, { parentId: top.id, name: "200个组件", code: "bench200", configJson: doc }, h), "page").body.data;
    // A save sends the whole record (docs/decisions.md), as the designer does: the record the save
    // answered, less the tree's own fields, with the document.
    const { hasChild: _child, createTime: _created, updateTime: _updated, ...record } = page;
    const form = { ...record, configJson: doc };
    const plan = quick ? { warmup: 2, iterations: 10 } : { warmup: 5, iterations: TARGETS.samples };
    log(`200-component document (${kB(Buffer.byteLength(doc))} JSON): ${plan.iterations} saves and views`);
    const r = await compare(
      {
        save: async () => expectOk(await gw.postForm(`${BASE}/save`, form, h), "save"),
        view: async () => expectOk(await gw.get(`${BASE}/view`, { query: { id: page.id }, headers: h }), "view"),
      },
      plan,
    );
    const rows = Object.entries(r).map(([k, s]) => [k, ms(s.p50), ms(s.p95), ms(s.max)]);
    const checks: Check[] = [
      { what: "200-component page: save p95", target: `≤ ${MAX_DOC_MS} ms`, actual: `${ms(r.save.p95)} ms`, pass: r.save.p95 <= MAX_DOC_MS },
      { what: "200-component page: load (view) p95", target: `≤ ${MAX_DOC_MS} ms`, actual: `${ms(r.view.p95)} ms`, pass: r.view.p95 <= MAX_DOC_MS },
    ];
    return {
      dataset: `one page of 200 components (the 13 kinds in turn, lists filled, rich text), ${kB(Buffer.byteLength(doc))} of JSON; ${plan.iterations} calls each through the gateway`,
      body: table(["call", " p50 ms", " p95 ms", " max ms"], rows),
      checks,
    };
  },
};
