import { describe, expect, it } from "vitest";
import { useState } from "react";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fakeXhr, mockApi, renderBlock } from "../../../ui/test-utils.tsx";
import { ComponentPanel, HeaderPanel, problemsOf } from "./panels.tsx";
import { COMPONENTS, FORM_FIELD_TYPES, defaultComponent, defaultPageDocument, type AnyComponent, type ComponentKind, type PageDocument } from "./model.ts";

/** A panel over a component kept in state, as the designer holds it; `seen` gets every new value. */
function Harness({ kind, seen, initial }: { kind: ComponentKind; seen: AnyComponent[]; initial?: Partial<AnyComponent> }) {
  const [c, setC] = useState<AnyComponent>(() => ({ ...(defaultComponent(kind) as AnyComponent), id: "x", ...initial }));
  return (
    <ComponentPanel
      c={c}
      onChange={(k, value) =>
        setC((old) => {
          const next = { ...old, [k]: value };
          seen.push(next);
          return next;
        })
      }
    />
  );
}

const last = <T,>(xs: T[]) => xs[xs.length - 1]!;

describe("component panels", () => {
  it("draws the banner's parameters from the schema: its range on the input, its message on a refused value", async () => {
    const seen: AnyComponent[] = [];
    renderBlock(<Harness kind="Banner" seen={seen} />);
    const meta = COMPONENTS.Banner.meta.fields.height;
    if (meta.input !== "number" || meta.default === "auto") throw new Error("height is a number");
    const height = screen.getByLabelText(meta.label);
    expect(height).toHaveValue(meta.default);
    expect(height).toHaveAttribute("max", String(meta.max));
    await userEvent.clear(height);
    await userEvent.type(height, String(meta.max + 1));
    expect(last(seen).height).toBe(meta.max + 1);
    // The schema's own message, not one written in the console.
    expect(await screen.findByRole("alert")).toHaveTextContent(problemsOf(last(seen)).fields.height!);
    await userEvent.clear(height);
    await userEvent.type(height, "200");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows only the rich text's parameters of its mode (R580)", async () => {
    const seen: AnyComponent[] = [];
    renderBlock(<Harness kind="RichText" seen={seen} />);
    const fields = COMPONENTS.RichText.meta.fields;
    const mode = screen.getByLabelText(fields.mode.label);
    expect(screen.queryByLabelText(fields.api.label)).toBeNull();
    await userEvent.selectOptions(mode, "2");
    expect(last(seen).mode).toBe(2);
    expect(screen.getByLabelText(fields.text.label)).toBeInTheDocument();
    expect(screen.queryByLabelText(fields.api.label)).toBeNull();
    await userEvent.selectOptions(mode, "3");
    expect(screen.getByLabelText(fields.api.label)).toBeInTheDocument();
    expect(screen.queryByLabelText(fields.text.label)).toBeNull();
    // API mode without an address: the schema's cross-field rule says so.
    expect(screen.getByRole("alert")).toHaveTextContent(problemsOf(last(seen)).rule!);
  });

  it("adds a form field of every type of R579, each with its type's parameters", { timeout: 30_000 }, async () => {
    const seen: AnyComponent[] = [];
    renderBlock(<Harness kind="Forms" seen={seen} />);
    const type = screen.getByLabelText("字段类型");
    for (const t of FORM_FIELD_TYPES) {
      await userEvent.selectOptions(type, t.value);
      await userEvent.click(screen.getByRole("button", { name: "＋ 添加字段" }));
    }
    const fields = last(seen).formData as Array<{ type: string; maxLength: number; options: unknown[] }>;
    expect(fields.map((f) => f.type)).toEqual(FORM_FIELD_TYPES.map((t) => t.value));
    expect(fields.find((f) => f.type === "textarea")!.maxLength).toBe(300);
    // The last added (rich text) is open: it has no options; a radio's editor has them.
    const item = COMPONENTS.Forms.meta.fields.formData;
    if (item.input !== "list") throw new Error("formData is a list");
    expect(screen.queryByText(item.item.options!.label)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: /^5\. 单选/ }));
    expect(screen.getByText(item.item.options!.label)).toBeInTheDocument();
    // Reorder by keyboard-reachable buttons.
    await userEvent.click(screen.getByRole("button", { name: "上移字段5" }));
    expect((last(seen).formData as Array<{ type: string }>).slice(3, 5).map((f) => f.type)).toEqual(["radio", "checkbox"]);
  });

  it("adds list items with the schema's defaults, reorders and deletes them", async () => {
    const seen: AnyComponent[] = [];
    renderBlock(<Harness kind="Menu" seen={seen} />);
    const data = COMPONENTS.Menu.meta.fields.data;
    if (data.input !== "list") throw new Error("data is a list");
    const add = screen.getByRole("button", { name: `＋ 添加${data.label}` });
    await userEvent.click(add);
    await userEvent.click(add);
    expect(last(seen).data).toHaveLength(2);
    expect(last(seen).data[0]).toEqual({ title: "", icon: "", url: "" });
    // The item just added is the one open.
    await userEvent.type(screen.getByLabelText(data.item.title!.label), "会员");
    await userEvent.click(screen.getByRole("button", { name: `上移第2${data.unit}：会员` }));
    expect(last(seen).data.map((m: { title: string }) => m.title)).toEqual(["会员", ""]);
    await userEvent.click(screen.getByRole("button", { name: `删除第2${data.unit}` }));
    expect(last(seen).data.map((m: { title: string }) => m.title)).toEqual(["会员"]);
  });

  it("uploads a slide's video through the shared uploader, for the page screen, and stores its address", async () => {
    const url = "/uploader/files/t/v.mp4";
    const api = mockApi({
      "POST /uploader/presign": () => ({
        code: "200",
        desc: "",
        data: { exists: false, remotename: "t/v.mp4", ext: "mp4", localname: "宣传片.mp4", url, uploadUrl: "http://s3/put" },
      }),
      "POST /uploader/confirm": () => ({ code: "200", desc: "", data: { remotename: "t/v.mp4" } }),
    });
    fakeXhr();
    const seen: AnyComponent[] = [];
    renderBlock(<Harness kind="Banner" seen={seen} />, { functionId: 1401 });
    await userEvent.click(screen.getByRole("button", { name: "＋ 添加图片" }));
    const input = await screen.findByTestId("video-file");
    expect(input).toHaveAttribute("accept", ".mp4,.3gp,.m3u8");
    fireEvent.change(input, { target: { files: [new File(["\u0000\u0000\u0000\u0018ftypmp42"], "宣传片.mp4", { type: "video/mp4" })] } });
    await waitFor(() => expect(last(seen).data[0].video).toBe(url));
    expect(screen.getByPlaceholderText("视频地址")).toHaveValue(url);
    expect(api.calls.map((c) => [c.path, c.body.kind, c.headers.functionId])).toEqual([
      ["/uploader/presign", "video", "1401"],
      ["/uploader/confirm", undefined, "1401"],
    ]);
  });

  it("asks a picture's action for the appid only when it opens a mini-program, for the package only when it opens an app (R562)", async () => {
    const seen: AnyComponent[] = [];
    renderBlock(<Harness kind="PictureGroup" seen={seen} />);
    await userEvent.click(screen.getByRole("button", { name: "＋ 添加图片" }));
    expect(screen.queryByLabelText("小程序AppID")).toBeNull();
    expect(screen.queryByLabelText("应用包名")).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText("跳转类型"), "weapp");
    await userEvent.type(screen.getByLabelText("小程序AppID"), "wx1");
    expect(last(seen).data[0].action).toMatchObject({ type: "weapp", appid: "wx1" });
    expect(screen.queryByLabelText("应用包名")).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText("跳转类型"), "app");
    expect(screen.getByLabelText("应用包名")).toBeInTheDocument();
    expect(screen.queryByLabelText("小程序AppID")).toBeNull();
    // Hidden, not cleared: the schema stores it.
    expect(last(seen).data[0].action.appid).toBe("wx1");
  });

  it("hides the list's API when it shows the column's child menus (R572)", async () => {
    const seen: AnyComponent[] = [];
    renderBlock(<Harness kind="List" seen={seen} />);
    const fields = COMPONENTS.List.meta.fields;
    expect(screen.getByLabelText(fields.api.label)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(fields.dataFrom.label), "menu");
    expect(screen.queryByLabelText(fields.api.label)).toBeNull();
    expect(screen.getByText(/当前栏目的子菜单/)).toBeInTheDocument();
  });
});

describe("navigation bar panel (R573)", () => {
  function Header({ seen }: { seen: PageDocument[] }) {
    const [doc, setDoc] = useState(defaultPageDocument);
    return (
      <HeaderPanel
        doc={doc}
        onChange={(update) =>
          setDoc((d) => {
            const next = update(d);
            seen.push(next);
            return next;
          })
        }
      />
    );
  }

  it("offers immersive corners only with a rounded top, and clears them when the top is no longer rounded", async () => {
    const seen: PageDocument[] = [];
    renderBlock(<Header seen={seen} />);
    const panel = within(screen.getByText("导航栏").closest("[data-panel]") as HTMLElement);
    const immersive = panel.getByRole("switch", { name: /沉浸式圆角/ });
    expect(immersive).toBeDisabled();
    await userEvent.click(panel.getByRole("switch", { name: /圆角顶部/ }));
    expect(immersive).toBeEnabled();
    await userEvent.click(immersive);
    expect(last(seen).header.radiusImmersion).toBe(true);
    await userEvent.click(panel.getByRole("switch", { name: /圆角顶部/ }));
    expect(last(seen).header).toMatchObject({ radius: false, radiusImmersion: false });
    expect(immersive).toBeDisabled();
  });
});
