/**
 * The map coordinate picker's pure parts (ui/pickers/MapPicker.tsx): its defaults (R033), its configuration
 * (docs/decisions.md "The map coordinate picker"), reading coordinates typed into its search box and
 * a geocoder's answer.
 *
 * Coordinates are stored as the Chinese map services and WeChat give them, in GCJ-02, and the tiles
 * come from a GCJ-02 service: the map draws stored values where they belong with no conversion.
 */
export type LatLng = { lat: number; lng: number };

/** R033: the map opens on Guangzhou Tianhe at zoom 16 when the record has no coordinates yet. */
export const DEFAULT_CENTER: LatLng = { lat: 23.112223, lng: 113.331084 };
export const DEFAULT_ZOOM = 16;

/** AMap's street tiles (GCJ-02, web-Mercator tile grid), served from four hosts. */
export const DEFAULT_TILES = "https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}";

export type MapConfig = { tiles: string; subdomains: string; attribution: string; geocoder: string };

/** Read when the picker opens (not when the module loads), so a test may set the variables. */
export function mapConfig(env: Record<string, unknown> = import.meta.env): MapConfig {
  const read = (k: string) => (typeof env[k] === "string" ? (env[k] as string).trim() : undefined);
  const tiles = read("VITE_MAP_TILE_URL") || DEFAULT_TILES;
  const ours = tiles === DEFAULT_TILES;
  return {
    tiles,
    subdomains: read("VITE_MAP_TILE_SUBDOMAINS") || (ours ? "1234" : "abc"),
    attribution: read("VITE_MAP_ATTRIBUTION") ?? (ours ? "© 高德地图" : ""),
    geocoder: read("VITE_MAP_GEOCODER_URL") ?? "",
  };
}

/** Six decimals: about 0.1 m, the precision the records and the spec's default are written in. */
export const coordText = (n: number): string => n.toFixed(6);

const inRange = (p: LatLng) => Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/** A stored pair (the form's text fields), or null when either is blank or not a coordinate. */
export function storedPoint(lat: unknown, lng: unknown): LatLng | null {
  const [a, b] = [String(lat ?? "").trim(), String(lng ?? "").trim()];
  if (!a || !b) return null;
  const p = { lat: Number(a), lng: Number(b) };
  return Number.isFinite(p.lat) && Number.isFinite(p.lng) && inRange(p) ? p : null;
}

const NUMBER = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;
const PAIR = new RegExp(String.raw`^\s*(${NUMBER})\s*(?:[,，;；\s])\s*(${NUMBER})\s*$`);

/**
 * Two numbers typed into the search box: "纬度, 经度" as the spec writes the default (23.112223,
 * 113.331084). The Chinese map services write "经度,纬度" (113.331084,23.112223): a first number
 * that cannot be a latitude is taken as the longitude. Null when the text is not two numbers (a
 * place name, for the geocoder); "range" when they are numbers but no point on earth.
 */
export function parseLatLng(text: string): LatLng | "range" | null {
  const m = PAIR.exec(text);
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  const p = Math.abs(a) > 90 && Math.abs(b) <= 90 ? { lat: b, lng: a } : { lat: a, lng: b };
  return inRange(p) ? p : "range";
}

/** The geocoder's address for a place name: `{q}` in the configured URL is the name, encoded. */
export const geocodeUrl = (template: string, q: string) => template.split("{q}").join(encodeURIComponent(q));

const num = (v: unknown): number => (typeof v === "number" ? v : typeof v === "string" && v.trim() ? Number(v) : NaN);
const point = (lat: unknown, lng: unknown): LatLng | null => {
  const p = { lat: num(lat), lng: num(lng) };
  return Number.isFinite(p.lat) && Number.isFinite(p.lng) && inRange(p) ? p : null;
};

/**
 * The first place of a geocoder's answer, in the shapes of the services one would configure: AMap
 * (`geocodes[0].location` "lng,lat"), Tencent (`result.location {lat, lng}`), Baidu-like
 * (`result.location {lat, lng}` too), Nominatim (`[{lat, lon}]`) or a plain `{lat, lng}`.
 */
export function readGeocode(body: unknown): LatLng | null {
  if (Array.isArray(body)) {
    const first = body[0] as Record<string, unknown> | undefined;
    return first ? point(first.lat, first.lon ?? first.lng) : null;
  }
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  const amap = (b.geocodes as Array<{ location?: unknown }> | undefined)?.[0]?.location;
  if (typeof amap === "string") {
    const [lng, lat] = amap.split(",");
    return point(lat, lng);
  }
  const loc = (b.result as { location?: Record<string, unknown> } | undefined)?.location;
  if (loc) return point(loc.lat, loc.lng);
  return point(b.lat, b.lng ?? b.lon);
}
