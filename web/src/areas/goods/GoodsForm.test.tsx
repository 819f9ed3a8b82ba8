import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, fakeXhr, mockApi, renderBlock, type Call } from "../../ui/test-utils.tsx";
import { GoodsForm } from "./GoodsForm.tsx";
import type { Goods } from "./goodsQueries.ts";
import { CLASSES, goods } from "./goodsTestData.ts";

/**
 * The goods dialog (R395–R404): every message of the shared schema on bad input with nothing sent,
 * the picture checks of pictureCheck.ts before an upload, and what a good form sends.
 */
const AREAS = [
  { id: 440000, parentid: 100000, name: "广东省" },
  { id: 440100, parentid: 440000, name: "广州市" },
  { id: 440106, parentid: 440100, name: "天河区" },
];

function server(record?: Goods) {
  return mockApi({
    "GET /gateway/api/organization/app/list": () => ({ code: "200", desc: "", dataList: CLASSES }),
    "GET /gateway/api/manage/appcenter/area/alllist": () => ({ code: "200", desc: "", dataList: AREAS }),
    "GET /goods/api/goods/view": () => ({ code: "200", desc: "", data: record }),
    "POST /goods/api/goods/save": (c: Call) => ({ code: "200", desc: "保存成功", data: { ...record, ...c.body, id: 9 } }),
    "POST /uploader/presign": (c: Call) => ({
      code: "200",
      desc: "",
      data: { exists: false, remotename: `t/${c.body.name}`, ext: "png", localname: c.body.name, url: `/uploader/files/t/${c.body.name}`, uploadUrl: "http://s3/put" },
    }),
    "POST /uploader/confirm": (c: Call) => ({ code: "200", desc: "", data: { remotename: c.body.remotename } }),
  });
}

/**
 * jsdom decodes no pictures: a picture's pixel size is read from its name ("w800h600.png"), as the
 * browser's Image would report it for the object URL pictureCheck makes.
 */
const realCreate = URL.createObjectURL;
const realRevoke = URL.revokeObjectURL;
beforeEach(() => {
  URL.createObjectURL = (f: Blob) => `blob:${(f as File).name}`;
  URL.revokeObjectURL = () => {};
  class FakeImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    naturalWidth = 0;
    naturalHeight = 0;
    set src(url: string) {
      const m = /w(\d+)h(\d+)/.exec(url);
      setTimeout(() => {
        if (!m) return this.onerror?.();
        this.naturalWidth = Number(m[1]);
        this.naturalHeight = Number(m[2]);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal("Image", FakeImage);
});
afterEach(() => {
  URL.createObjectURL = realCreate;
  URL.revokeObjectURL = realRevoke;
});

const picture = (name: string, type = "image/png", kb = 10) => new File([new Uint8Array(kb * 1024)], name, { type });
const choose = (which: 0 | 1, file: File) => fireEvent.change(screen.getAllByTestId("image-file")[which]!, { target: { files: [file] } });

async function open(id?: number) {
  renderBlock(<GoodsForm id={id} onClose={() => {}} />, { functionId: 2401, rights: ALL_RIGHTS });
  const dialog = await screen.findByRole("dialog", { name: id ? "编辑商品" : "新增商品" });
  // The class tree has loaded when the cascader is no longer busy.
  await waitFor(() => expect(within(dialog).getByRole("button", { name: "商品子分类" })).not.toHaveAttribute("aria-busy"));
  return dialog;
}

async function fill(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
}

const saveButton = (dialog: HTMLElement) => within(dialog).getByRole("button", { name: "保存" });
const alerts = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole("alert")
    .map((a) => a.textContent);

describe("goods form", () => {
  it("says what is missing (R395–R398) and sends nothing", { timeout: 20_000 }, async () => {
    const api = server();
    const dialog = await open();
    await userEvent.click(saveButton(dialog));
    expect(await screen.findByText("部分必填项没填写")).toBeInTheDocument();
    expect(alerts(dialog)).toEqual(expect.arrayContaining(["商品性质必选", "商品子分类必选", "商品名称不能为空", "图片标题不能为空"]));
    expect(api.last("POST /goods/api/goods/save")).toBeUndefined();
  });

  it("refuses a long name, five guarantees, a bad price, sort order and coordinates, each with its message", { timeout: 30_000 }, async () => {
    const api = server();
    const dialog = await open();
    await fill(within(dialog).getByLabelText(/商品名称/), "名".repeat(51));
    await fill(within(dialog).getByLabelText("服务保障"), "一\n二\n三\n四\n五");
    await fill(within(dialog).getByLabelText("价格"), "12.345.6");
    await fill(within(dialog).getByLabelText("排序"), "-1");
    await fill(within(dialog).getByLabelText("经度"), "200");
    await fill(within(dialog).getByLabelText("纬度"), "95");
    await userEvent.click(saveButton(dialog));
    await waitFor(() =>
      expect(alerts(dialog)).toEqual(
        expect.arrayContaining([
          "商品名称不能超过50个字",
          "服务保障最多4条，每行一条",
          "价格格式不正确",
          "排序必须是0到99999999之间的整数",
          "经度必须是-180到180之间的数字",
          "纬度必须是-90到90之间的数字",
        ]),
      ),
    );
    expect(api.last("POST /goods/api/goods/save")).toBeUndefined();
    // Four guarantees with blank lines between them are four (R401): that message goes.
    await fill(within(dialog).getByLabelText("服务保障"), "一\n\n二\n三\n\n四");
    await userEvent.tab();
    await waitFor(() => expect(alerts(dialog)).not.toContain("服务保障最多4条，每行一条"));
  });

  it("a stored record outside Guangdong or with eleven gallery pictures is refused with R400's and R402's messages", { timeout: 20_000 }, async () => {
    const atlas = JSON.stringify(Array.from({ length: 11 }, (_, i) => `/uploader/files/t/a${i}.png`));
    const api = server(goods({ id: 5, goodsName: "温泉理疗体验", pictureTitle: "/uploader/files/t/t.png", atlas }));
    let dialog = await open(5);
    await userEvent.click(saveButton(dialog));
    expect(await within(dialog).findByText("图集最多只能上传10张图片")).toBeInTheDocument();
    expect(api.last("POST /goods/api/goods/save")).toBeUndefined();
    cleanup();

    const api2 = server(goods({ id: 6, goodsName: "北京理疗", pictureTitle: "/uploader/files/t/t.png", province: 110000, city: 110100, area: 110105 }));
    dialog = await open(6);
    await userEvent.click(saveButton(dialog));
    expect(await within(dialog).findByText("服务区域必须在广东省（440000）以内")).toBeInTheDocument();
    expect(api2.last("POST /goods/api/goods/save")).toBeUndefined();
  });

  it("checks the title picture's type, size, ratio and pixels, and the gallery's ratio, before uploading (R399, R400)", { timeout: 30_000 }, async () => {
    const api = server();
    fakeXhr();
    const dialog = await open();
    const refused: Array<[0 | 1, File, string]> = [
      [0, picture("w800h800.png"), "图片宽高必须在375到750像素之间"],
      [0, picture("w300h300.png"), "图片宽高必须在375到750像素之间"],
      [0, picture("w600h500.png"), "图片比例必须是1:1"],
      [0, picture("w600h600.png", "image/png", 1001), "图片大小不能超过1000KB"],
      [0, picture("w600h600.webp", "image/webp"), "图片只能是jpg、png、gif、jpeg格式"],
      [1, picture("w800h800.png"), "图片比例必须是4:3"],
    ];
    for (const [which, file, message] of refused) {
      // Each refusal is a toast of its own (two may say the same words).
      const before = screen.queryAllByText(message).length;
      choose(which, file);
      await waitFor(() => expect(screen.queryAllByText(message).length).toBe(before + 1));
    }
    expect(api.last("POST /uploader/presign")).toBeUndefined();

    choose(0, picture("w600h600.png"));
    expect(await within(dialog).findByAltText("图片1")).toHaveAttribute("src", "/uploader/files/t/w600h600.png");
    choose(1, picture("w800h600.jpg", "image/jpeg"));
    await waitFor(() => expect(api.calls.filter((c) => c.path === "/uploader/presign").map((c) => c.body.name)).toEqual(["w600h600.png", "w800h600.jpg"]));
  });

  it("sends a good form: a sub-class (roots cannot be chosen), the uploaded title, a blank price as unquoted", { timeout: 30_000 }, async () => {
    const api = server();
    fakeXhr();
    const dialog = await open();
    await userEvent.selectOptions(within(dialog).getByLabelText(/商品性质/), "预约服务");
    await fill(within(dialog).getByLabelText(/商品名称/), "温泉理疗体验");
    await userEvent.click(within(dialog).getByRole("button", { name: "商品子分类" }));
    const top = within(screen.getByRole("listbox", { name: "商品子分类第1级" })).getByRole("option", { name: "会员服务" });
    expect(top).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(top);
    await userEvent.click(within(screen.getByRole("listbox", { name: "商品子分类第2级" })).getByRole("option", { name: "康体理疗" }));
    expect(within(dialog).getByRole("button", { name: "商品子分类" })).toHaveTextContent("会员服务 / 康体理疗");
    choose(0, picture("w600h600.png"));
    await within(dialog).findByAltText("图片1");
    await fill(within(dialog).getByLabelText("服务保障"), "专业理疗师\n随时取消");
    await fill(within(dialog).getByLabelText("经度"), "113.331084");
    await fill(within(dialog).getByLabelText("纬度"), "23.112223");
    await userEvent.click(saveButton(dialog));
    await waitFor(() => expect(api.last("POST /goods/api/goods/save")).toBeTruthy());
    expect(api.last("POST /goods/api/goods/save")!.body).toMatchObject({
      goodsType: "appointment",
      goodsName: "温泉理疗体验",
      goodsClass: "001001",
      pictureTitle: "/uploader/files/t/w600h600.png",
      atlas: "[]",
      province: "440000",
      serviceGuarantee: "专业理疗师\n随时取消",
      lng: "113.331084",
      lat: "23.112223",
      price: "",
      status: "0",
      sortOrder: "9999999",
    });
    expect(await screen.findByText("保存成功")).toBeInTheDocument();
  });
});
