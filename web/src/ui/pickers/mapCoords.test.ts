import { describe, expect, it } from "vitest";
import { DEFAULT_TILES, geocodeUrl, mapConfig, parseLatLng, readGeocode, storedPoint } from "./mapCoords.ts";

describe("map picker coordinates", () => {
  it("reads 'lat, lng' as the spec writes it, and the map services' 'lng,lat' when the first cannot be a latitude", () => {
    expect(parseLatLng("23.112223, 113.331084")).toEqual({ lat: 23.112223, lng: 113.331084 });
    expect(parseLatLng(" 23.1  113.3 ")).toEqual({ lat: 23.1, lng: 113.3 });
    expect(parseLatLng("113.331084,23.112223")).toEqual({ lat: 23.112223, lng: 113.331084 });
    expect(parseLatLng("113.3，23.1")).toEqual({ lat: 23.1, lng: 113.3 });
    expect(parseLatLng("-33.86; 151.2")).toEqual({ lat: -33.86, lng: 151.2 });
    expect(parseLatLng("95, 200")).toBe("range");
    expect(parseLatLng("23.1, 181")).toBe("range");
    for (const text of ["广州塔", "23.1", "23.1, 113.3, 5", "1e2, 3", "0x17, 113", ""]) expect(parseLatLng(text)).toBeNull();
  });

  it("takes a stored pair only when both are coordinates", () => {
    expect(storedPoint("23.112223", "113.331084")).toEqual({ lat: 23.112223, lng: 113.331084 });
    expect(storedPoint("", "113.3")).toBeNull();
    expect(storedPoint("abc", "113.3")).toBeNull();
    expect(storedPoint("91", "113.3")).toBeNull();
    expect(storedPoint(undefined, undefined)).toBeNull();
  });

  it("reads the first place of AMap's, Tencent's, Nominatim's and a plain geocoder answer", () => {
    expect(readGeocode({ status: "1", geocodes: [{ location: "113.324520,23.106237" }] })).toEqual({ lat: 23.106237, lng: 113.32452 });
    expect(readGeocode({ status: 0, result: { location: { lat: 23.1, lng: 113.3 } } })).toEqual({ lat: 23.1, lng: 113.3 });
    expect(readGeocode([{ lat: "23.1", lon: "113.3" }])).toEqual({ lat: 23.1, lng: 113.3 });
    expect(readGeocode({ lat: 23.1, lng: 113.3 })).toEqual({ lat: 23.1, lng: 113.3 });
    for (const none of [{ status: "1", geocodes: [] }, [], null, "x", { result: { location: { lat: 300, lng: 1 } } }]) expect(readGeocode(none)).toBeNull();
  });

  it("puts the encoded name into the geocoder's address", () => {
    expect(geocodeUrl("https://g/geo?address={q}&city={q}", "天河 路")).toBe(`https://g/geo?address=${encodeURIComponent("天河 路")}&city=${encodeURIComponent("天河 路")}`);
  });

  it("defaults to AMap's GCJ-02 tiles with their four hosts, and takes the configured ones", () => {
    expect(mapConfig({})).toEqual({ tiles: DEFAULT_TILES, subdomains: "1234", attribution: "© 高德地图", geocoder: "" });
    expect(mapConfig({ VITE_MAP_TILE_URL: "https://t{s}.tiles.example/{z}/{x}/{y}.png", VITE_MAP_TILE_SUBDOMAINS: "01", VITE_MAP_GEOCODER_URL: "https://g/?q={q}" })).toEqual({
      tiles: "https://t{s}.tiles.example/{z}/{x}/{y}.png",
      subdomains: "01",
      attribution: "",
      geocoder: "https://g/?q={q}",
    });
  });
});
