import * as L from "leaflet";
import "leaflet/dist/leaflet.css";
import { coordText, type LatLng, type MapConfig } from "./mapCoords.ts";

/**
 * The map of the coordinate picker, on Leaflet. Loaded only when a picker opens (ui/pickers/MapPicker.tsx
 * imports this module dynamically), so Leaflet and its stylesheet are a chunk of their own that no
 * screen pays for before. The marker is a drawn pin (a div icon): Leaflet's own marker pictures are
 * found through stylesheet paths a bundler rewrites, and vector markers need SVG or canvas support.
 */
export type PickerMap = {
  /** Puts the marker at `p` and centres the map on it. */
  moveTo: (p: LatLng) => void;
  destroy: () => void;
};

const PIN =
  '<svg viewBox="0 0 24 36" width="24" height="36" aria-hidden="true"><path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 36 12 36s12-15.2 12-24.1C24 5.3 18.6 0 12 0z" fill="#dc2626"/><circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>';

type Options = { center: LatLng; zoom: number; marker: LatLng | null; config: MapConfig; onPick: (p: LatLng) => void };

export function createPickerMap(host: HTMLElement, o: Options): PickerMap {
  const map = L.map(host, { center: [o.center.lat, o.center.lng], zoom: o.zoom, zoomControl: false, attributionControl: true });
  // The console speaks Chinese: Leaflet's zoom buttons are named Zoom in / Zoom out otherwise.
  L.control.zoom({ zoomInTitle: "放大", zoomOutTitle: "缩小" }).addTo(map);
  map.attributionControl.setPrefix("Leaflet");
  L.tileLayer(o.config.tiles, { subdomains: o.config.subdomains, attribution: o.config.attribution, maxZoom: 18, minZoom: 3 }).addTo(map);
  const icon = L.divIcon({ className: "xy-map-pin", html: PIN, iconSize: [24, 36], iconAnchor: [12, 36] });
  let marker: L.Marker | null = null;

  /** The marker names its point for screen readers and tests (the map itself is a picture). */
  const place = (p: LatLng) => {
    if (marker) marker.setLatLng([p.lat, p.lng]);
    else marker = L.marker([p.lat, p.lng], { icon, keyboard: false, interactive: false }).addTo(map);
    const el = marker.getElement();
    if (el) {
      el.dataset.lat = coordText(p.lat);
      el.dataset.lng = coordText(p.lng);
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", `选中位置：纬度 ${coordText(p.lat)}，经度 ${coordText(p.lng)}`);
    }
  };
  if (o.marker) place(o.marker);

  map.on("click", (e: L.LeafletMouseEvent) => {
    const w = e.latlng.wrap();
    const p = { lat: w.lat, lng: w.lng };
    place(p);
    o.onPick(p);
  });

  // The dialog lays itself out after the map is made: measure again when its size is known or changes.
  const resize = new ResizeObserver(() => map.invalidateSize());
  resize.observe(host);

  return {
    moveTo: (p) => {
      place(p);
      map.setView([p.lat, p.lng], Math.max(map.getZoom(), o.zoom));
    },
    destroy: () => {
      resize.disconnect();
      map.remove();
    },
  };
}
