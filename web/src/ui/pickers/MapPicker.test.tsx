import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderBlock } from "../test-utils.tsx";
import { Modal } from "../dialogs/Modal.tsx";
import { MapPickerButton, type PickedPoint } from "./MapPicker.tsx";

/**
 * The coordinate picker on Leaflet in jsdom. jsdom lays nothing out, so the map's box is given here
 * (640 × 400): a click's pixel then names a known point. At zoom 16 the world is 256 · 2^16 pixels
 * wide, so 256 pixels east of the centre is 360 / 2^16 = 0.0054931640625° of longitude.
 */
const size = { clientWidth: 640, clientHeight: 400 };
const saved = Object.fromEntries(Object.keys(size).map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)]));
beforeAll(() => {
  for (const [k, v] of Object.entries(size)) Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => v });
});
afterAll(() => {
  for (const [k, d] of Object.entries(saved)) if (d) Object.defineProperty(HTMLElement.prototype, k, d);
});

/** A form's two text fields with the picker's button, as the goods and tree forms have them. */
function Coordinates({ initial = { lat: "", lng: "" }, onPick }: { initial?: PickedPoint; onPick?: (p: PickedPoint) => void }) {
  const [p, setP] = useState(initial);
  return (
    <>
      <input aria-label="经度" value={p.lng} onChange={(e) => setP({ ...p, lng: e.target.value })} />
      <input aria-label="纬度" value={p.lat} onChange={(e) => setP({ ...p, lat: e.target.value })} />
      <MapPickerButton lat={p.lat} lng={p.lng} onPick={(next) => (setP(next), onPick?.(next))} />
    </>
  );
}

async function openPicker() {
  await userEvent.click(screen.getByRole("button", { name: "地图选点" }));
  const dialog = await screen.findByRole("dialog", { name: "选择经纬度" });
  // Leaflet has made the map once its tile and control panes are in the box.
  await waitFor(() => expect(mapOf(dialog).querySelector(".leaflet-tile-pane")).not.toBeNull(), { timeout: 8000 });
  return dialog;
}

const mapOf = (dialog: HTMLElement) => within(dialog).getByRole("region", { name: "地图" });
/** The point the picker says it has chosen. */
function shown(dialog: HTMLElement): { lat: number; lng: number } | null {
  const m = /已选位置：经度 (-?[\d.]+)，纬度 (-?[\d.]+)/.exec(dialog.textContent ?? "");
  return m ? { lng: Number(m[1]), lat: Number(m[2]) } : null;
}
const marker = (dialog: HTMLElement) => within(dialog).queryByRole("img", { name: /选中位置/ });

describe("MapPicker", () => {
  it("opens on the default centre with no marker, and a click on the map sets the marker and, on 确定, the fields", { timeout: 20_000 }, async () => {
    const onPick = vi.fn();
    renderBlock(<Coordinates onPick={onPick} />);
    const dialog = await openPicker();
    expect(within(dialog).getByText("点击地图选择位置")).toBeInTheDocument();
    expect(marker(dialog)).toBeNull();
    expect(within(dialog).getByRole("button", { name: "确定" })).toBeDisabled();

    // The centre pixel is R033's default centre (within the pixel Leaflet rounds its origin to).
    fireEvent.click(mapOf(dialog), { clientX: 320, clientY: 200 });
    await waitFor(() => expect(shown(dialog)).not.toBeNull());
    const centre = shown(dialog)!;
    expect(centre.lat).toBeCloseTo(23.112223, 4);
    expect(centre.lng).toBeCloseTo(113.331084, 4);
    // 256 px east: 0.005493° further east, the same latitude.
    fireEvent.click(mapOf(dialog), { clientX: 576, clientY: 200 });
    await waitFor(() => expect(shown(dialog)!.lng).toBeCloseTo(centre.lng + 360 / 2 ** 16, 5));
    const east = shown(dialog)!;
    expect(east.lat).toBe(centre.lat);
    expect(marker(dialog)).toHaveAttribute("data-lng", east.lng.toFixed(6));
    expect(marker(dialog)).toHaveAttribute("data-lat", east.lat.toFixed(6));
    await userEvent.click(within(dialog).getByRole("button", { name: "确定" }));
    expect(onPick).toHaveBeenCalledWith({ lat: east.lat.toFixed(6), lng: east.lng.toFixed(6) });
    expect(screen.getByLabelText("经度")).toHaveValue(east.lng.toFixed(6));
    expect(screen.getByLabelText("纬度")).toHaveValue(east.lat.toFixed(6));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "选择经纬度" })).not.toBeInTheDocument());
  });

  it("opens on the record's point with its marker; 取消 leaves the fields alone", { timeout: 20_000 }, async () => {
    const onPick = vi.fn();
    renderBlock(<Coordinates initial={{ lat: "23.130000", lng: "113.260000" }} onPick={onPick} />);
    const dialog = await openPicker();
    expect(marker(dialog)).toHaveAttribute("data-lat", "23.130000");
    expect(within(dialog).getByText("已选位置：经度 113.260000，纬度 23.130000")).toBeInTheDocument();
    // 256 px west of the centre.
    fireEvent.click(mapOf(dialog), { clientX: 64, clientY: 200 });
    await waitFor(() => expect(shown(dialog)!.lng).toBeCloseTo(113.26 - 360 / 2 ** 16, 4));
    await userEvent.click(within(dialog).getByRole("button", { name: "取消" }));
    expect(onPick).not.toHaveBeenCalled();
    expect(screen.getByLabelText("经度")).toHaveValue("113.260000");
  });

  it("searching 'lat, lng' moves the marker there (either order the map services write)", { timeout: 20_000 }, async () => {
    const onPick = vi.fn();
    renderBlock(<Coordinates onPick={onPick} />);
    const dialog = await openPicker();
    const box = within(dialog).getByRole("searchbox", { name: "搜索地点或经纬度" });
    await userEvent.type(box, "23.1, 113.3{Enter}");
    expect(await within(dialog).findByText("已选位置：经度 113.300000，纬度 23.100000")).toBeInTheDocument();
    expect(marker(dialog)).toHaveAttribute("data-lat", "23.100000");
    expect(marker(dialog)).toHaveAttribute("data-lng", "113.300000");
    await userEvent.clear(box);
    await userEvent.type(box, "113.26，23.13");
    await userEvent.click(within(dialog).getByRole("button", { name: "搜索" }));
    await waitFor(() => expect(marker(dialog)).toHaveAttribute("data-lng", "113.260000"));
    await userEvent.clear(box);
    await userEvent.type(box, "95, 200{Enter}");
    expect(await within(dialog).findByText("经纬度超出范围")).toBeInTheDocument();
    expect(marker(dialog)).toHaveAttribute("data-lng", "113.260000");
    await userEvent.click(within(dialog).getByRole("button", { name: "确定" }));
    expect(onPick).toHaveBeenCalledWith({ lat: "23.130000", lng: "113.260000" });
  });

  it("opened from a record's dialog, Escape closes the picker only", { timeout: 20_000 }, async () => {
    const closeRecord = vi.fn();
    renderBlock(
      <Modal open title="编辑商品" onClose={closeRecord}>
        <Coordinates />
      </Modal>,
    );
    await openPicker();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "选择经纬度" })).not.toBeInTheDocument());
    expect(closeRecord).not.toHaveBeenCalled();
  });

  it("a place name says 未配置地图搜索服务 without a geocoder, and asks the configured one otherwise", { timeout: 20_000 }, async () => {
    renderBlock(<Coordinates />);
    let dialog = await openPicker();
    await userEvent.type(within(dialog).getByRole("searchbox", { name: "搜索地点或经纬度" }), "广州塔{Enter}");
    expect(await within(dialog).findByText("未配置地图搜索服务")).toBeInTheDocument();
    expect(marker(dialog)).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "取消" }));

    vi.stubEnv("VITE_MAP_GEOCODER_URL", "https://geo.example/v3/geocode/geo?key=k&address={q}");
    const fetchStub = vi.fn(async () => new Response(JSON.stringify({ status: "1", geocodes: [{ location: "113.324520,23.106237" }] })));
    vi.stubGlobal("fetch", fetchStub);
    try {
      dialog = await openPicker();
      await userEvent.type(within(dialog).getByRole("searchbox", { name: "搜索地点或经纬度" }), "广州塔{Enter}");
      expect(await within(dialog).findByText("已选位置：经度 113.324520，纬度 23.106237")).toBeInTheDocument();
      expect(fetchStub).toHaveBeenCalledWith(`https://geo.example/v3/geocode/geo?key=k&address=${encodeURIComponent("广州塔")}`);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
