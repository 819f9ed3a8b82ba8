import { describe, it, expect, beforeAll } from "vitest";
import * as v from "valibot";
import { AREAS, type AreaName } from "../src/manifest.ts";
import type { RouteDef } from "../src/http/define.ts";
import { BAD_INPUT, LINK_KIND, LINK_LIST_KIND } from "@xiangyu/core/kernel/fields";
import { PageDocumentSchema } from "@xiangyu/core/pages/document/document";
import { get, post, siteTenant, tableItems } from "./harness.ts";

/**
 * Link fields and text fields (docs/security.md, "Link fields and text fields"), generated from
 * every route's own schema and from the page designer's document: every field named like a link
 * is built by kernel linkField (or is a list of links checked item by item) and refuses script
 * URLs; every other free-text field refuses markup and keeps "价格<100". Then one article through
 * the API: a script jump link is refused and never reaches the website.
 */

/** What a valibot schema or action looks like to a reader of its structure. */
type Node = {
  type?: string;
  pipe?: Node[];
  wrapped?: Node;
  entries?: Record<string, Node>;
  item?: Node;
  options?: Node[];
  metadata?: { fieldKind?: string; field?: Node };
};

/** The fieldKind marks of one field: through pipes, optional/nullable wrappers and wholeRecord's wrapped field; not into nested fields. */
function marks(s: Node | undefined, out = new Set<string>()): Set<string> {
  if (!s) return out;
  if (s.type === "metadata") {
    if (s.metadata?.fieldKind) out.add(s.metadata.fieldKind);
    marks(s.metadata?.field, out);
    return out;
  }
  marks(s.wrapped, out);
  for (const p of s.pipe ?? []) if (p !== s) marks(p, out);
  return out;
}

/** The object entries nested in a field (a list of objects, a group, a variant of components), wherever they sit. */
function nested(s: Node | undefined, depth = 0): Array<Record<string, Node>> {
  if (!s || depth > 12) return [];
  const found: Array<Record<string, Node>> = [];
  if (s.entries) found.push(s.entries);
  for (const x of [s.wrapped, s.item, s.metadata?.field, ...(s.pipe ?? []).slice(1), ...(s.options ?? [])]) found.push(...nested(x, depth + 1));
  return found;
}

type FieldAt = { where: string; name: string; schema: Node };

/** Every field of a schema, its nested ones too ("data.url"), each once per place. */
function fieldsIn(where: string, root: Node): FieldAt[] {
  const out: FieldAt[] = [];
  const walk = (entries: Record<string, Node>, prefix: string, depth: number) => {
    for (const [name, schema] of Object.entries(entries)) {
      out.push({ where, name: prefix + name, schema });
      if (depth < 6) for (const e of nested(schema)) if (e !== entries) walk(e, `${prefix}${name}.`, depth + 1);
    }
  };
  for (const e of nested(root).slice(0, 1)) walk(e, "", 0);
  return out;
}

const ROUTES = (Object.keys(AREAS) as AreaName[]).flatMap((area) => Object.entries(AREAS[area].routes).map(([key, def]) => ({ key, def: def as RouteDef })));
const FIELDS: FieldAt[] = [...ROUTES.flatMap(({ key, def }) => fieldsIn(key, def.input as unknown as Node)), ...fieldsIn("page document", PageDocumentSchema as unknown as Node)];

const ok = (s: Node, x: unknown) => v.safeParse(s as unknown as v.GenericSchema, x).success;
const said = (s: Node, x: unknown) => {
  const r = v.safeParse(s as unknown as v.GenericSchema, x);
  return r.success ? "" : r.issues[0].message;
};
const last = (name: string) => name.split(".").pop()!;

/** Names of fields that hold a link, a picture or a video address. */
const LINK_NAME = /url|uri|link|jump|href|pic|img|image|icon|logo|video|src|cover|banner|qrcode|homepage|atlas|bgimages|pagePath|^api$/i;

/** Link-looking names that are not addresses a page renders: each says why. */
const NOT_LINKS = new Set([
  // Whole numbers (a video's size in pixels).
  "videoWidth",
  "videoHeight",
  // A switch: whether the tab jumps.
  "isJump",
  // Opaque JSON kept for the mini-program (the menu's jump settings); never read by the server.
  "jumpJson",
  // A database connection string (jdbc:…), read by the server only.
  "jdbcUrl",
  // A task's code (letters and digits) and a product type's RCI switch: "pic" and "src" inside other words.
  "apicode",
  "hasRci",
  // The information component's pictures: a list of {url}, each url a link field checked on its own.
  "images",
]);

/** Names of fields that are not plain text, and why each may hold "<". */
const NOT_PLAIN = new Set([
  // Secrets and passwords: any character, never rendered.
  "password",
  "oldPassword",
  "newPassword",
  "adminPassword",
  "rciPassword",
  "redisPassword",
  "secret",
  "secretKey",
  "secretId",
  "apiV3Key",
  "client_secret",
  "servicekey",
  "access_token",
  "challenge",
  "token",
  "sign",
  // Search keywords: looked for, never stored or rendered.
  "keyword",
  "keyValue",
  // Rich text: cleaned by kernel/richText.ts before it is stored.
  "content",
  // JSON documents, read by their own readers (the page document, the menu's jump settings).
  "configJson",
  "jumpJson",
  "convertParams",
  // Read by the adapter or by the route's own transform (ids lists), not stored as text.
  "functionId",
  "id",
  "ids",
]);

const isLink = (f: FieldAt) => marks(f.schema).has(LINK_KIND) || marks(f.schema).has(LINK_LIST_KIND);

describe("link fields", () => {
  it("every field named like a link is built by linkField (or is a checked list of links)", () => {
    const offenders = FIELDS.filter((f) => LINK_NAME.test(last(f.name)) && !NOT_LINKS.has(last(f.name)) && !isLink(f)).map((f) => `${f.where} ${f.name}`);
    expect([...new Set(offenders)]).toEqual([]);
  });

  const links = FIELDS.filter(isLink);
  const UPLOAD = "xiangyu/0123456789abcdef0123456789abcdef.png";
  const GOOD = ["https://example.com/a.png", "/a/b", UPLOAD, `/uploader/files/${UPLOAD}`];
  const BAD = ["javascript:alert(1)", " JAVASCRIPT:x", "java\tscript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,x", "vbscript:x", "//evil.example/a.png", "/\\evil.example"];

  it("found the link fields", () => expect(links.length).toBeGreaterThan(30));

  it("every link field refuses script, data and other-scheme URLs, naming the field", () => {
    const offenders: string[] = [];
    for (const f of links) {
      const list = marks(f.schema).has(LINK_LIST_KIND);
      for (const x of BAD) {
        // A list of links is tried as a list and as text (infoPicture joins its URLs with "?").
        const tries = list ? [[x], x] : [x];
        if (tries.some((t) => ok(f.schema, t))) offenders.push(`${f.where} ${f.name} took ${JSON.stringify(x)}`);
        // In Chinese and about the field: never the catch-all message.
        else if (!list && (!/[\u4e00-\u9fff]/.test(said(f.schema, x)) || said(f.schema, x) === BAD_INPUT)) offenders.push(`${f.where} ${f.name} said ${said(f.schema, x)}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("every link field takes an http(s) URL, a path of ours and an upload", () => {
    // Fields whose own rule is narrower than a link's: the only forms they take.
    const narrower: Record<string, string[]> = {
      // Server-to-server addresses: http(s) only.
      apiUrl: ["https://example.com/a.png"],
      redirectUri: ["https://example.com/a.png"],
      notifyUrl: ["https://example.com/a.png"],
      refundNotifyUrl: ["https://example.com/a.png"],
      // An app package: an uploaded .apk or an http(s) address.
      url: GOOD,
      // A video: .mp4, .3gp or .m3u8.
      videoUrl: [],
    };
    const offenders: string[] = [];
    for (const f of links) {
      const list = marks(f.schema).has(LINK_LIST_KIND);
      const name = last(f.name);
      const good =
        f.where.includes("appupdate") && name === "url" ? ["https://example.com/a.apk", "/uploader/files/xiangyu/0123456789abcdef0123456789abcdef.apk"] : (narrower[name] ?? GOOD);
      for (const x of good) if (!(list ? ok(f.schema, [x]) || ok(f.schema, x) : ok(f.schema, x))) offenders.push(`${f.where} ${f.name} refused ${x}: ${said(f.schema, x)}`);
    }
    expect(offenders).toEqual([]);
  });

  it("keeps the designer's link targets: page paths, tel: and the navbar's events", () => {
    const pagePaths = FIELDS.filter((f) => f.where === "page document" && marks(f.schema).has(LINK_KIND) && /url|pagePath/i.test(last(f.name)));
    expect(pagePaths.length).toBeGreaterThan(3);
    for (const f of pagePaths)
      for (const x of ["/pages/hotel/list?tag=lake", "pages/goods/list", "tel:4008001234", "#top", ""]) expect([f.name, x, ok(f.schema, x)]).toEqual([f.name, x, true]);
    const events = FIELDS.find((f) => f.name === "navbar.urls")!;
    expect(ok(events.schema, ["back", "/pages/search/index"])).toBe(true);
    expect(ok(events.schema, ["javascript:alert(1)"])).toBe(false);
  });
});

describe("plain text fields", () => {
  /** Free text: a field that takes "abc" and is neither a link nor a named exception. */
  const texts = FIELDS.filter((f) => !isLink(f) && !NOT_PLAIN.has(last(f.name)) && ok(f.schema, "abc"));

  it("found the text fields", () => expect(texts.length).toBeGreaterThan(100));

  it("every plain text field refuses markup and keeps a '<' that opens no tag", () => {
    const offenders: string[] = [];
    for (const f of texts) {
      for (const x of ["<script>x</script>", "<img src=x onerror=y>", "a</b", "<!-- x -->"]) if (ok(f.schema, x)) offenders.push(`${f.where} ${f.name} took ${x}`);
      // A field that takes Chinese at all (not a code or a number) takes "<" before a digit or a space.
      const keeps = ok(f.schema, "价格价格价格") ? ["价格<100", "a < b"] : ["价<1"];
      if (ok(f.schema, "价格")) for (const x of keeps) if (!ok(f.schema, x)) offenders.push(`${f.where} ${f.name} refused ${x}: ${said(f.schema, x)}`);
    }
    expect([...new Set(offenders)]).toEqual([]);
  });

  it("says which field holds markup", () => {
    const infoTitle = FIELDS.find((f) => f.name === "infoTitle")!;
    expect(said(infoTitle.schema, "<script>x</script>")).toBe("标题不能包含HTML标签");
  });
});

describe("information/save through the API (issue 38)", () => {
  let a: Awaited<ReturnType<typeof siteTenant>>;
  beforeAll(async () => {
    a = await siteTenant("k");
  });
  const NEWS = 1302;
  const form = (over: Record<string, string>) => ({
    infoType: "news",
    infoTitle: "链接测试",
    label: "hot",
    fromIn: "俱乐部",
    publishtime: "2026-01-01 08:00:00",
    content: "<p>正文</p>",
    ...over,
  });
  const save = (over: Record<string, string>) => post("/xiangyu/api/information/save", { token: a.adminToken, functionId: NEWS, form: form(over) });

  it.each([
    [{ jumpUrl: "javascript:alert('jump')" }, "跳转链接格式不正确"],
    [{ jumpUrl: " JaVaScRiPt:alert(1)" }, "跳转链接格式不正确"],
    [{ infoPicture: "javascript:alert(1)" }, "标题图片格式不正确"],
    [{ infoTitle: "<script>alert(1)</script>" }, "标题不能包含HTML标签"],
    [{ label: "<b>x" }, "标签不能包含HTML标签"],
    [{ fromIn: "<img src=x onerror=alert(1)>" }, "来源不能包含HTML标签"],
  ])("refuses %j with %s and stores nothing", async (over, desc) => {
    const before = await tableItems();
    const r = await save(over);
    expect(r.body).toEqual({ code: "400", desc });
    const after = await tableItems();
    expect([...after.keys()].filter((k) => k.includes(a.clientId) && before.get(k) !== after.get(k))).toEqual([]);
  });

  it("keeps a real link and a '<' that opens no tag; the public read shows no script URL", async () => {
    const r = await save({ jumpUrl: "https://example.com/a", infoPicture: "/uploader/files/x/0123456789abcdef0123456789abcdef.png", infoTitle: "价格<100" });
    expect(r.body).toMatchObject({ code: "200" });
    const p = await get("/gateway/api/information/loadViewById", { query: { id: r.body.data.id, domain: a.domain } });
    expect(p.body.data).toMatchObject({ jumpUrl: "https://example.com/a", infoTitle: "价格<100" });
    expect(JSON.stringify(p.body)).not.toMatch(/javascript:|vbscript:|data:text/i);
  });
});
