import { describe, expect, it } from "vitest";
import {
  COMPONENTS,
  COMPONENT_KINDS,
  DOCUMENT_VERSION,
  DOC_MSG,
  FORM_SUBMIT_PATH,
  HEADER_KINDS,
  MAX_COMPONENTS,
  MAX_HEADER_COMPONENTS,
  PAGE_SECTIONS,
  defaultComponent,
  defaultFormField,
  defaultPageDocument,
  migrate,
  parsePageDocument,
  roomFor,
  textColourOn,
  toPreview,
  type ComponentKind,
  type FieldMeta,
  type PageDocument,
} from "../src/pages/document/index.ts";

/** The page document (docs/pages.md): defaults and limits of every component, refusals, migration. */

const page = (data: unknown[], more: Record<string, unknown> = {}) => ({ version: DOCUMENT_VERSION, content: { data }, ...more });
const ok = (x: unknown): PageDocument => {
  const r = parsePageDocument(x);
  if (!r.ok) throw new Error(r.msg);
  return r.doc;
};
const refusal = (x: unknown) => {
  const r = parsePageDocument(x);
  return r.ok ? "(accepted)" : r.msg;
};

describe("component defaults (R567–R580)", () => {
  it("every kind of R566 is registered, in order, with a Chinese label", () => {
    expect(Object.keys(COMPONENTS)).toEqual([...COMPONENT_KINDS]);
    expect(COMPONENT_KINDS).toHaveLength(13);
    for (const k of COMPONENT_KINDS) expect(COMPONENTS[k].label).toMatch(/^[\u4e00-\u9fa5]+$/);
  });

  it("the spec's defaults", () => {
    expect(defaultComponent("Search")).toMatchObject({ actionName: "search", inputType: "text", backgroundColor: "#00BCD4" });
    expect(defaultComponent("Menu")).toMatchObject({ rows: 3, columnNum: 4, mode: "square", menuType: "page", dataFrom: "api", backgroundColor: "#ffffff" });
    expect(defaultComponent("Information")).toMatchObject({ pageSize: 10, isPage: true });
    expect(defaultComponent("LFTabs")).toMatchObject({ textColor: "#333333", sltTextColor: "#2D8CF0", backgroundColor: "#ffffff" });
    expect(defaultComponent("List")).toMatchObject({ dataFrom: "api", isBGTransparent: false });
    expect(defaultComponent("SeparationLine")).toMatchObject({ height: 20, backgroundColor: "#f5f5f5", shadow: false, marginLeft: 0, marginTop: 0 });
    expect(defaultComponent("Banner")).toMatchObject({ height: 320, interval: 5000, previousMargin: 0, nextMargin: 0, data: [] });
    expect(defaultComponent("GoodsList")).toMatchObject({ listType: 1, pageSize: 10, background: "#f5f5f5" });
    expect(defaultComponent("RichText")).toMatchObject({ mode: 1 });
    expect(defaultComponent("Forms").formSubmit).toMatchObject({ show: true, text: "提交" });
  });

  it("a picture takes 750 px, auto height and no margins (R574); a textarea 300 characters (R579)", () => {
    const g = ok(page([{ kind: "PictureGroup", data: [{ image: "/a.png" }] }])).content.data[0];
    expect(g.kind === "PictureGroup" && g.data[0]).toMatchObject({ width: 750, height: "auto", marginLeft: 0, marginRight: 0, marginTop: 0, marginBottom: 0, radius: false });
    expect(defaultFormField("textarea", 1).maxLength).toBe(300);
  });

  it("defaults are what the schema gives a component sent with nothing but its kind", () => {
    for (const k of COMPONENT_KINDS) {
      const parsed = ok(page([{ kind: k }])).content.data[0];
      expect({ ...parsed, id: "" }).toEqual(defaultComponent(k));
    }
  });

  it("the page's defaults (R558): seq aside, dark-red bar, portrait, password login, guest/register/reset allowed", () => {
    const d = defaultPageDocument();
    expect(d).toMatchObject({
      version: DOCUMENT_VERSION,
      barBackgroundColor: "#c62c24",
      terminal: "vertical",
      checkInType: "password",
      checkMobile: 0,
      isGuest: true,
      isUserReg: true,
      isRepass: true,
      isGuide: false,
    });
    expect(d.tabbar.data).toMatchObject({ color: "#000000", selectedColor: "#c62c24", borderStyle: "#e2e2e5", backgroundColor: "#f7f7fa" });
  });
});

/** A value just past a field's limit, and one at it, by the field's kind of input. */
function limits(meta: FieldMeta): { bad: unknown; good: unknown; msg: string }[] {
  switch (meta.input) {
    case "number":
      return [
        { bad: meta.max + 1, good: meta.max, msg: `${meta.label}必须是${meta.min}到${meta.max}之间的整数` },
        { bad: meta.min - 1, good: meta.min, msg: `${meta.label}必须是${meta.min}到${meta.max}之间的整数` },
        { bad: 1.5, good: meta.min, msg: `${meta.label}必须是${meta.min}到${meta.max}之间的整数` },
      ];
    case "text":
    case "json":
      return [{ bad: "x".repeat(meta.max + 1), good: meta.input === "json" ? "{}" : "x".repeat(meta.max), msg: `${meta.label}不能超过${meta.max}个字` }];
    case "colour":
      return [{ bad: "red", good: "#abcdef", msg: `${meta.label}必须是颜色值（如#ffffff）` }];
    case "select":
      return [{ bad: "nonsense", good: meta.options[meta.options.length - 1].value, msg: `${meta.label}的取值不正确` }];
    case "list":
      return [{ bad: Array.from({ length: meta.max + 1 }, () => ({})), good: Array.from({ length: meta.max }, () => ({})), msg: `${meta.label}数量不能超过${meta.max}` }];
    default:
      return [];
  }
}

describe("every parameter's limit is refused naming the component and field, and accepted at the limit", () => {
  for (const kind of COMPONENT_KINDS) {
    it(kind, () => {
      const { label, fields } = COMPONENTS[kind as ComponentKind].meta;
      let checked = 0;
      for (const [key, meta] of Object.entries(fields)) {
        for (const l of limits(meta)) {
          expect(refusal(page([{ kind: "Search" }, { kind, [key]: l.bad }])), `${kind}.${key}`).toBe(`第2个组件（${label}）：${l.msg}`);
          // At the limit it is accepted (cross-field rules aside: the Forms list's fields need names).
          if (!(kind === "Forms" && key === "formData") && !(kind === "RichText" && key === "mode")) {
            const r = parsePageDocument(page([{ kind, [key]: l.good }]));
            expect(r.ok ? "" : r.msg, `${kind}.${key} at its limit`).toBe("");
          }
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(0);
    });
  }

  it("an item of a list names the item too (第2张)", () => {
    expect(refusal(page([{ kind: "Banner", data: [{}, { url: "x".repeat(501) }] }]))).toBe("第1个组件（轮播图）：第2张：链接不能超过500个字");
    expect(refusal(page([{ kind: "PictureGroup", data: [{ width: 751 }] }]))).toBe("第1个组件（图片组）：第1张：宽度必须是1到750之间的整数");
    expect(refusal(page([{ kind: "PictureGroup", data: [{ height: "0px" }] }]))).toBe("第1个组件（图片组）：第1张：高度必须是1到2000之间的整数");
  });

  it("the brief's example: eleven banner pictures", () => {
    expect(refusal(page([{ kind: "Menu" }, { kind: "Search" }, { kind: "Banner", data: Array(11).fill({ image: "/a.png" }) }]))).toBe("第3个组件（轮播图）：图片数量不能超过10");
  });
});

describe("refusals", () => {
  it("an unknown kind, a non-object document, bad JSON, a newer version", () => {
    expect(refusal(page([{ kind: "Video" }]))).toBe("第1个组件（Video）：组件类型不正确");
    expect(refusal(page([{}]))).toBe("第1个组件：组件类型不正确");
    expect(refusal("[1,2]")).toBe(DOC_MSG.notObject);
    expect(refusal("{x")).toBe(DOC_MSG.notJson);
    expect(refusal({ version: DOCUMENT_VERSION + 1 })).toBe(DOC_MSG.tooNew);
    expect(refusal({ version: "abc" })).toBe(DOC_MSG.badVersion);
    expect(refusal(page(Array(MAX_COMPONENTS + 1).fill({ kind: "SeparationLine" })))).toBe(`组件数量不能超过${MAX_COMPONENTS}`);
  });

  it("booleans, objects and lists where a word is expected are refused, not coerced", () => {
    expect(refusal(page([{ kind: "Search", placeholder: { a: 1 } }]))).toBe("第1个组件（搜索栏）：提示文字格式不正确");
    expect(refusal(page([{ kind: "Banner", data: [{ title: ["x"] }] }]))).toBe("第1个组件（轮播图）：第1张：标题格式不正确");
    expect(refusal(page([{ kind: "Forms", formSubmit: { goback: "perhaps" } }]))).toBe("第1个组件（表单）：提交后返回格式不正确");
    expect(refusal(page([{ kind: "Search", isFixed: "maybe" }]))).toBe("第1个组件（搜索栏）：固定在顶部格式不正确");
    expect(refusal(page([{ kind: "Banner", convertParams: "{oops" }]))).toBe("第1个组件（轮播图）：字段映射不是有效的JSON");
    expect(refusal(page([{ kind: "Banner", data: "not a list" }]))).toBe("第1个组件（轮播图）：图片必须是列表");
  });

  it("cross-field rules: an app needs its package, a mini-program its appid (R562); forms need names and options", () => {
    expect(refusal(page([{ kind: "PictureGroup", data: [{}, { action: { type: "weapp" } }] }]))).toBe("第1个组件（图片组）：第2张：打开小程序时请输入小程序AppID");
    expect(refusal({ ...page([]), action: { type: "app" } })).toBe("打开APP时请输入应用包名");
    expect(refusal(page([{ kind: "Forms", formData: [{ type: "input" }] }]))).toBe("第1个组件（表单）：第1个字段：请输入字段名");
    expect(refusal(page([{ kind: "Forms", formData: [{ type: "radio", name: "sex", label: "性别" }] }]))).toBe("第1个组件（表单）：第1个字段（性别）：请添加选项");
    expect(refusal(page([{ kind: "Forms", formSubmit: { action: "/api/x" }, formData: [{ name: "a" }, { name: "a" }] }]))).toBe("第1个组件（表单）：字段名“a”重复");
    // A form without a 提交接口 sends to the member route (issue 34): there is always somewhere to send.
    const sent = parsePageDocument(page([{ kind: "Forms", formData: [{ name: "a" }] }]));
    expect(sent.ok && (sent.doc.content.data[0] as { formSubmit: { action: string } }).formSubmit.action).toBe(FORM_SUBMIT_PATH);
    expect(refusal(page([{ kind: "RichText", mode: 3 }]))).toBe("第1个组件（富文本）：接口模式请输入数据接口");
    expect(refusal({ ...page([]), tabbar: { display: true, data: { items: [{ text: "首页" }] } } })).toBe("底部菜单至少需要2项");
    expect(refusal({ ...page([]), tabbar: { display: true, data: { items: [{}, {}, { openType: "open" }] } } })).toBe("底部菜单第3项：打开方式的取值不正确");
    expect(refusal({ ...page([]), header: { components: [{ kind: "Search", inputType: "email" }] } })).toBe("导航栏第1个组件（搜索栏）：输入类型的取值不正确");
    expect(refusal({ ...page([]), header: { textAlign: "top" } })).toBe("导航栏：标题位置的取值不正确");
    expect(refusal({ ...page([]), header: { compFixed: "often" } })).toBe("导航栏：固定在顶部格式不正确");
    expect(refusal({ ...page([]), isGuest: "often" })).toBe("允许游客访问格式不正确");
  });
});

describe("what is stored", () => {
  it("unknown keys are dropped, numbers sent as text are numbers, '20px' is 20", () => {
    const c = ok(page([{ kind: "SeparationLine", height: "30px", marginLeft: "12", script: "<x>" }])).content.data[0];
    expect(c).toMatchObject({ height: 30, marginLeft: 12 });
    expect(c).not.toHaveProperty("script");
  });

  it("every component gets an id unique in the page, its own kept", () => {
    const d = ok({ ...page([{ kind: "Menu", id: "m" }, { kind: "Menu", id: "m" }, { kind: "Menu" }]), header: { components: [{ kind: "Search", id: "m" }] } });
    const ids = [...d.header.components, ...d.content.data].map((c) => c.id);
    expect(ids[0]).toBe("m");
    expect(new Set(ids).size).toBe(4);
  });

  it("a guide page hides header, navbar, content and tab bar and opens locally (R555)", () => {
    const d = ok({ ...page([{ kind: "Banner" }]), isGuide: "1", action: { type: "web", url: "https://x" }, tabbar: { display: true, data: { items: [{}, {}] } } });
    expect([d.header.display, d.navbar.display, d.content.display, d.tabbar.display]).toEqual([false, false, false, false]);
    expect(d.action.type).toBe("local");
    expect(d.content.data).toHaveLength(1); // hidden, not lost
  });

  it("otherwise the content shows and the top area is one style (R556, R557); immersive corners need a rounded top (R573)", () => {
    const main = ok({ ...page([]), topArea: "main", content: { display: false }, navbar: { display: true } });
    expect([main.header.display, main.navbar.display, main.content.display]).toEqual([true, false, true]);
    const back = ok({ ...page([]), topArea: "back", header: { display: true } });
    expect([back.header.display, back.navbar.display]).toEqual([false, true]);
    const none = ok({ ...page([]), topArea: "none" });
    expect([none.header.display, none.navbar.display]).toEqual([false, false]);
    expect(ok({ ...page([]), header: { radiusImmersion: true } }).header.radiusImmersion).toBe(false);
    expect(ok({ ...page([]), header: { radius: true, radiusImmersion: true } }).header.radiusImmersion).toBe(true);
  });

  it("a document read back is unchanged (parse is idempotent)", () => {
    const once = ok(page(COMPONENT_KINDS.map((kind) => ({ kind }))));
    expect(ok(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });

  it("the navigation bar holds only its kinds, at most 10; the designer asks the same rule before adding", () => {
    const header = (kinds: string[]) => ({ ...page([]), header: { components: kinds.map((kind) => ({ kind })) } });
    expect(ok(header([...HEADER_KINDS])).header.components.map((c) => c.kind)).toEqual([...HEADER_KINDS]);
    expect(refusal(header(["Search", "Information"]))).toBe("导航栏第2个组件（资讯列表）：导航栏不能放置此类组件");
    expect(refusal(header(Array(MAX_HEADER_COMPONENTS + 1).fill("Search")))).toBe(`导航栏：组件数量不能超过${MAX_HEADER_COMPONENTS}`);
    const d = ok(header(Array(MAX_HEADER_COMPONENTS - 1).fill("Search")));
    expect(roomFor(d, "header", "Menu")).toBeNull();
    expect(roomFor(d, "header", "Forms")).toBe("导航栏不能放置表单");
    expect(roomFor(d, "content", "Forms")).toBeNull();
    const full = ok(header(Array(MAX_HEADER_COMPONENTS).fill("Search")));
    expect(roomFor(full, "header", "Search")).toBe(`导航栏：组件数量不能超过${MAX_HEADER_COMPONENTS}`);
    expect(roomFor(ok(page(Array(MAX_COMPONENTS).fill({ kind: "SeparationLine" }))), "content", "Banner")).toBe(`组件数量不能超过${MAX_COMPONENTS}`);
  });

  it("200 components parse", () => {
    const d = ok(page(Array.from({ length: 200 }, (_, i) => ({ kind: COMPONENT_KINDS[i % 13] }))));
    expect(d.content.data).toHaveLength(200);
  });
});

describe("migration of version 1 (the older console's shape)", () => {
  const v1 = {
    isGuide: "0",
    header: { display: "0" },
    navbar: { display: "1", icons: ["/back.png"], urls: ["back"] },
    tabbar: {
      display: "1",
      data: JSON.stringify({
        color: "#000000",
        list: [
          { text: "首页", pagePath: "/pages/index" },
          { text: "我的", pagePath: "/pages/me" },
        ],
      }),
    },
    content: {
      display: "1",
      data: JSON.stringify([
        { type: "SeparationLine", height: "20px", marginLeft: "10px" },
        { type: "Banner", data: JSON.stringify([{ image: "/a.png", url: "/p" }]) },
        { type: "Forms", formSubmit: { action: "/api/form" }, formData: JSON.stringify([{ type: "textarea", name: "memo", maxLength: 300 }]) },
      ]),
    },
  };

  it("reads as the current version and says it was migrated", () => {
    const r = parsePageDocument(JSON.stringify(v1));
    if (!r.ok) throw new Error(r.msg);
    expect(r.migrated).toBe(true);
    const d = r.doc;
    expect(d.version).toBe(DOCUMENT_VERSION);
    expect(d.topArea).toBe("back");
    expect(d.navbar).toMatchObject({ display: true, icons: ["/back.png"] });
    expect(d.tabbar.data.items.map((i) => i.text)).toEqual(["首页", "我的"]);
    expect(d.content.data.map((c) => c.kind)).toEqual(["SeparationLine", "Banner", "Forms"]);
    expect(d.content.data[0]).toMatchObject({ height: 20, marginLeft: 10 });
    expect(d.content.data[1]).toMatchObject({ data: [{ image: "/a.png", url: "/p" }] });
    expect(d.content.data[2]).toMatchObject({ formData: [{ type: "textarea", name: "memo", maxLength: 300 }] });
  });

  it("migrate is a step of its own: version 1 in, version 2 out, the current version untouched", () => {
    const m = migrate(v1);
    expect(m.ok && m.from).toBe(1);
    expect(m.ok && m.doc.version).toBe(2);
    const current = { version: DOCUMENT_VERSION, topArea: "none" };
    const same = migrate(current);
    expect(same.ok && same.doc).toBe(current);
    expect(parsePageDocument(current)).toMatchObject({ ok: true, migrated: false });
  });

  it("a version 1 header's kinds the header no longer takes open the content, in their order, kept", () => {
    const d = ok({ header: { display: "1", components: [{ type: "Search" }, { type: "GoodsList" }, { type: "Information" }] }, content: { data: [{ type: "Banner" }] } });
    expect(d.header.components.map((c) => c.kind)).toEqual(["Search"]);
    expect(d.content.data.map((c) => c.kind)).toEqual(["GoodsList", "Information", "Banner"]);
    expect(ok({ header: { components: JSON.stringify([{ type: "Forms" }]) } }).content.data.map((c) => c.kind)).toEqual(["Forms"]);
  });

  it("a version 1 page with its header shown takes the main style", () => {
    expect(ok({ header: { display: "1" } }).topArea).toBe("main");
    expect(ok({}).topArea).toBe("none");
  });
});

describe("designer helpers", () => {
  it("text colour by lightness 170 (R564); preview scale 400/750 (R563)", () => {
    expect(textColourOn("#ffffff")).toBe("#333333");
    expect(textColourOn("#c62c24")).toBe("#ffffff");
    expect(textColourOn("#00BCD4")).toBe("#ffffff");
    expect(textColourOn("#aaaaaa")).toBe("#ffffff"); // 170 exactly is not lighter than the threshold
    expect(textColourOn("#ababab")).toBe("#333333");
    expect(toPreview(750)).toBe(400);
    expect(toPreview(320)).toBeCloseTo(170.67, 2);
  });

  it("the page's panels carry their fields' metadata", () => {
    expect(Object.keys(PAGE_SECTIONS)).toEqual(["page", "header", "navbar", "tabbar"]);
    expect(PAGE_SECTIONS.page.fields.barBackgroundColor).toEqual({ input: "colour", label: "标题栏颜色", default: "#c62c24" });
  });
});
