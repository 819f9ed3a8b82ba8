import { useEffect, useRef, useState, type RefObject } from "react";
import { Modal } from "../dialogs/Modal.tsx";
import { Button } from "../Button.tsx";
import { controlClass } from "../form/inputs.tsx";
import { DEFAULT_CENTER, DEFAULT_ZOOM, coordText, geocodeUrl, mapConfig, parseLatLng, readGeocode, storedPoint, type LatLng } from "./mapCoords.ts";
import type { PickerMap } from "./leafletMap.ts";

/**
 * The map coordinate picker (选择经纬度; spec 001 and 002, R033): a search box and a map. A click on
 * the map puts the marker there; the search box takes coordinates ("23.112223, 113.331084") or, when
 * a geocoder is configured, a place name. 确定 hands the marker's point to the form as text with six
 * decimals; 取消 leaves the form alone. The map opens on the record's point, or on R033's default
 * centre at zoom 16. Leaflet is loaded when the picker opens (ui/pickers/leafletMap.ts); tiles and geocoder
 * come from configuration (docs/decisions.md "The map coordinate picker").
 */
export type PickedPoint = { lat: string; lng: string };

const MAP_MSG = {
  noGeocoder: "未配置地图搜索服务",
  notFound: "未找到该地点",
  range: "经纬度超出范围",
  searchFailed: "地图搜索失败，请稍后再试",
  mapFailed: "地图加载失败",
} as const;

type Props = { lat?: unknown; lng?: unknown; onConfirm: (p: PickedPoint) => void; onClose: () => void };

/**
 * The Leaflet map in `host`, loaded once the dialog has put the host in the page (Leaflet itself is
 * loaded then too), opened on `start`; a click on it picks a point. Destroyed with the dialog.
 */
function usePickerMap(host: HTMLDivElement | null, start: RefObject<LatLng | null>, setPoint: (p: LatLng) => void, setNote: (n: string) => void) {
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const map = useRef<PickerMap | null>(null);
  useEffect(() => {
    if (!host) return;
    let live = true;
    import("./leafletMap.ts").then(
      (m) => {
        if (!live) return;
        map.current = m.createPickerMap(host, {
          center: start.current ?? DEFAULT_CENTER,
          zoom: DEFAULT_ZOOM,
          marker: start.current,
          config: mapConfig(),
          onPick: (p) => {
            setPoint(p);
            setNote("");
          },
        });
        setState("ready");
      },
      () => live && setState("failed"),
    );
    return () => {
      live = false;
      map.current?.destroy();
      map.current = null;
    };
  }, [host, start, setPoint, setNote]);
  return { state, map };
}

function MapPicker({ lat, lng, onConfirm, onClose }: Props) {
  const [point, setPoint] = useState<LatLng | null>(() => storedPoint(lat, lng));
  const [query, setQuery] = useState("");
  const [note, setNote] = useState("");
  const [searching, setSearching] = useState(false);
  // The host is known only once the dialog has put its panel in the page (a callback ref, not an effect on mount).
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  // A point searched before Leaflet has loaded is where the map opens.
  const latest = useRef(point);
  latest.current = point;

  const { state, map } = usePickerMap(host, latest, setPoint, setNote);

  const goTo = (p: LatLng) => {
    setPoint(p);
    setNote("");
    map.current?.moveTo(p);
  };

  async function search() {
    const text = query.trim();
    if (!text) return;
    const typed = parseLatLng(text);
    if (typed === "range") return setNote(MAP_MSG.range);
    if (typed) return goTo(typed);
    const { geocoder } = mapConfig();
    if (!geocoder) return setNote(MAP_MSG.noGeocoder);
    setSearching(true);
    try {
      const r = await fetch(geocodeUrl(geocoder, text));
      const found = r.ok ? readGeocode(await r.json()) : null;
      if (found) goTo(found);
      else setNote(r.ok ? MAP_MSG.notFound : MAP_MSG.searchFailed);
    } catch {
      setNote(MAP_MSG.searchFailed);
    } finally {
      setSearching(false);
    }
  }

  const footer = (
    <>
      <Button onClick={onClose}>取消</Button>
      <Button
        variant="primary"
        disabled={!point}
        onClick={() => {
          if (!point) return;
          onConfirm({ lat: coordText(point.lat), lng: coordText(point.lng) });
          onClose();
        }}
      >
        确定
      </Button>
    </>
  );

  return (
    <Modal open width={800} title="选择经纬度" onClose={onClose} footer={footer}>
      <div className="space-y-2">
        {/* Not a form element: the picker may open inside the record's form, and forms do not nest. */}
        <MapSearch query={query} setQuery={setQuery} searching={searching} onSearch={() => void search()} />
        {note && (
          <p role="alert" className="text-xs text-red-600">
            {note}
          </p>
        )}
        <div className="relative isolate">
          <div ref={setHost} role="region" aria-label="地图" className="h-[400px] w-full rounded border border-slate-200 bg-slate-100" />
          {state !== "ready" && (
            <p className="absolute inset-0 z-10 flex items-center justify-center text-sm text-slate-400">{state === "failed" ? MAP_MSG.mapFailed : "地图加载中…"}</p>
          )}
        </div>
        <p aria-live="polite" className="text-sm text-slate-600">
          {point ? `已选位置：经度 ${coordText(point.lng)}，纬度 ${coordText(point.lat)}` : "点击地图选择位置"}
        </p>
      </div>
    </Modal>
  );
}

/** The search box: coordinates ("23.112223, 113.331084") or, with a geocoder configured, a place name; Enter searches too. */
function MapSearch({ query, setQuery, searching, onSearch }: { query: string; setQuery: (q: string) => void; searching: boolean; onSearch: () => void }) {
  return (
    <div role="search" className="flex gap-2">
      <input
        type="search"
        aria-label="搜索地点或经纬度"
        placeholder="输入地名，或经纬度如 23.112223, 113.331084"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          e.preventDefault();
          onSearch();
        }}
        className={`${controlClass} flex-1`}
      />
      <Button variant="primary" busy={searching} onClick={onSearch}>
        搜索
      </Button>
    </div>
  );
}

/**
 * The button beside a form's longitude and latitude that opens the picker on them and writes the
 * chosen point back; the text fields stay for typing.
 */
export function MapPickerButton({ lat, lng, onPick, disabled }: { lat: unknown; lng: unknown; onPick: (p: PickedPoint) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={disabled} aria-haspopup="dialog">
        地图选点
      </Button>
      {open && <MapPicker lat={lat} lng={lng} onConfirm={onPick} onClose={() => setOpen(false)} />}
    </>
  );
}
