import { deflateSync } from "node:zlib";
import { storeOwnFile, storeOwnVariant } from "@xiangyu/core/files/service";
import { withVariants } from "@xiangyu/core/content/pictureVariants";
import { filePath } from "@xiangyu/core/files/rules";

/**
 * The demo's pictures (issue 35): a scene per hotel, room and article, drawn at seed time (no
 * download, no font, no canvas package) and stored as the tenant's own uploads, so the demo's
 * hotels and articles show distinct, real-looking pictures through the same path as a picture staff
 * upload (`/uploader/files/…`). A scene is a sky gradient with a sun or moon, a far silhouette
 * (mountains or a skyline), the water or ground, the building with its windows and some trees —
 * each chosen and varied by a seeded hash of the picture's name, so the same name always gives
 * the same bytes. PNG (the uploads take jpg, png and gif, not SVG), written by a small encoder:
 * flat shapes and row-wise gradients compress to 10–40 kB at 800×450.
 */

export type SceneKind = "resort" | "city" | "lake" | "spring" | "mountain" | "garden" | "festival" | "room";
type RGB = [number, number, number];

/** FNV-1a, then a small PRNG (mulberry32) seeded by it. */
function random(name: string): () => number {
  let h = 0x811c9dc5;
  for (const c of name) h = Math.imul(h ^ c.codePointAt(0)!, 0x01000193) >>> 0;
  let s = h;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const mix = (a: RGB, b: RGB, t: number): RGB => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const hex = (s: string): RGB => [parseInt(s.slice(1, 3), 16), parseInt(s.slice(3, 5), 16), parseInt(s.slice(5, 7), 16)];

/** An RGB raster with the few shapes a scene needs; alpha is a blend factor 0–1. */
class Raster {
  readonly px: Uint8Array;
  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    this.px = new Uint8Array(w * h * 3);
  }
  set(x: number, y: number, c: RGB, a = 1) {
    if (x < 0 || y < 0 || x >= this.w || y >= this.h || a <= 0) return;
    const i = (y * this.w + x) * 3;
    const p = this.px;
    if (a >= 1) {
      p[i] = c[0];
      p[i + 1] = c[1];
      p[i + 2] = c[2];
    } else {
      p[i] = p[i]! + (c[0] - p[i]!) * a;
      p[i + 1] = p[i + 1]! + (c[1] - p[i + 1]!) * a;
      p[i + 2] = p[i + 2]! + (c[2] - p[i + 2]!) * a;
    }
  }
  /** Rows from y0 to y1 in a vertical gradient (a colour per row: compresses to almost nothing). */
  gradient(y0: number, y1: number, top: RGB, bottom: RGB) {
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(this.h, Math.round(y1)); y++) {
      const c = mix(top, bottom, (y - y0) / Math.max(1, y1 - y0));
      for (let x = 0; x < this.w; x++) this.set(x, y, c);
    }
  }
  rect(x: number, y: number, w: number, h: number, c: RGB, a = 1) {
    for (let j = Math.max(0, Math.round(y)); j < Math.min(this.h, Math.round(y + h)); j++)
      for (let i = Math.max(0, Math.round(x)); i < Math.min(this.w, Math.round(x + w)); i++) this.set(i, j, c, a);
  }
  /** A disc with a one-pixel soft edge, and an optional glow fading out to `glow` × its radius. */
  disc(cx: number, cy: number, r: number, c: RGB, a = 1, glow = 0) {
    const R = glow ? r * glow : r + 1;
    for (let y = Math.max(0, Math.floor(cy - R)); y <= Math.min(this.h - 1, Math.ceil(cy + R)); y++)
      for (let x = Math.max(0, Math.floor(cx - R)); x <= Math.min(this.w - 1, Math.ceil(cx + R)); x++) {
        const d = Math.hypot(x - cx, y - cy);
        if (d <= r + 0.5) this.set(x, y, c, a * Math.min(1, r + 0.5 - d));
        else if (glow && d < R) this.set(x, y, c, (a * 0.35 * Math.round(((R - d) / (R - r)) ** 2 * 8)) / 8);
      }
  }
  /** Everything below the curve `top(x)` down to `bottom`, in one colour. */
  silhouette(top: (x: number) => number, c: RGB, bottom = this.h, a = 1) {
    for (let x = 0; x < this.w; x++) {
      const t = top(x);
      for (let y = Math.max(0, Math.ceil(t)); y < Math.min(this.h, bottom); y++) this.set(x, y, c, a);
      const edge = Math.floor(t);
      if (edge >= 0 && t - edge > 0) this.set(x, edge, c, a * (1 - (t - edge)));
    }
  }
  /** A filled triangle (roofs). */
  triangle(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, c: RGB) {
    const [x0, x1] = [Math.floor(Math.min(ax, bx, cx)), Math.ceil(Math.max(ax, bx, cx))];
    const [y0, y1] = [Math.floor(Math.min(ay, by, cy)), Math.ceil(Math.max(ay, by, cy))];
    const side = (px: number, py: number, qx: number, qy: number, rx: number, ry: number) => (px - rx) * (qy - ry) - (qx - rx) * (py - ry);
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const d1 = side(x, y, ax, ay, bx, by);
        const d2 = side(x, y, bx, by, cx, cy);
        const d3 = side(x, y, cx, cy, ax, ay);
        if (!((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0))) this.set(x, y, c);
      }
  }
}

const TIMES = {
  day: { sky: ["#4f9ee8", "#bfe3fb"], sun: "#fff6d8", light: 0 },
  morning: { sky: ["#7fb6e6", "#f7d9b0"], sun: "#fff1c4", light: 0 },
  dusk: { sky: ["#3b3f7a", "#f59a62"], sun: "#ffd27a", light: 0.6 },
  night: { sky: ["#0c1433", "#2c3f73"], sun: "#f4f1de", light: 0.85 },
} as const;
type Time = keyof typeof TIMES;

/** A building: a block of floors with rows of windows (lit at dusk and night), a roof line or a tower's crown. */
function building(r: Raster, rnd: () => number, x: number, base: number, w: number, floors: number, wall: RGB, time: Time, roof: "flat" | "pitched" | "crown") {
  const floorH = 18 + Math.floor(rnd() * 6);
  const h = floors * floorH + 12;
  const top = base - h;
  r.rect(x, top, w, h, wall);
  r.rect(x, top, w, 4, mix(wall, [255, 255, 255], 0.25));
  if (roof === "pitched") r.triangle(x - 10, top + 1, x + w + 10, top + 1, x + w / 2, top - Math.min(60, w * 0.25), mix(wall, [60, 30, 20], 0.55));
  if (roof === "crown") {
    r.rect(x + w * 0.2, top - 16, w * 0.6, 16, mix(wall, [0, 0, 0], 0.15));
    r.rect(x + w / 2 - 2, top - 46, 4, 30, mix(wall, [0, 0, 0], 0.3));
  }
  const cols = Math.max(2, Math.floor((w - 12) / 22));
  const gap = (w - 12) / cols;
  const lit = TIMES[time].light;
  const glass: RGB = time === "day" || time === "morning" ? mix(hex("#7fb4d9"), wall, 0.25) : hex("#2b3350");
  for (let f = 0; f < floors; f++)
    for (let c = 0; c < cols; c++) {
      const on = rnd() < lit;
      r.rect(x + 6 + c * gap + 3, top + 12 + f * floorH + 3, gap - 6, floorH - 8, on ? hex(rnd() < 0.7 ? "#ffd98a" : "#fff1c9") : glass);
    }
  // The entrance.
  r.rect(x + w / 2 - 14, base - 22, 28, 22, hex("#3a2c22"));
  r.rect(x + w / 2 - 18, base - 26, 36, 5, mix(wall, [0, 0, 0], 0.35));
}

function palm(r: Raster, x: number, base: number, h: number, c: RGB) {
  for (let y = 0; y < h; y++) r.rect(x + Math.sin(y / 30) * 6, base - y, 5, 1, c);
  const top = base - h;
  for (let k = 0; k < 6; k++) {
    const ang = (k / 6) * Math.PI * 2;
    for (let s = 0; s < 34; s++) r.disc(x + 2 + Math.cos(ang) * s, top + Math.sin(ang) * s * 0.5 + (s * s) / 90, 2.4, c);
  }
}

const tree = (r: Raster, x: number, base: number, size: number, c: RGB) => {
  r.rect(x - 2, base - size * 0.6, 4, size * 0.6, mix(c, [60, 40, 20], 0.6));
  r.disc(x, base - size * 0.8, size * 0.45, c);
  r.disc(x - size * 0.25, base - size * 0.6, size * 0.3, c);
  r.disc(x + size * 0.25, base - size * 0.62, size * 0.32, c);
};

/** A hotel room seen from its door: wall, window with the view, bed, lamp and a picture. */
function room(r: Raster, rnd: () => number) {
  const { w, h } = r;
  const wall = mix(hex("#efe4d2"), hex(["#d8e4e8", "#ead7c3", "#e3dccf", "#d9d2e4"][Math.floor(rnd() * 4)]!), 0.6);
  r.gradient(0, h * 0.72, mix(wall, [255, 255, 255], 0.2), wall);
  r.gradient(h * 0.72, h, hex(["#9b7653", "#7a6a5a", "#b99a74"][Math.floor(rnd() * 3)]!), hex("#5e4632"));
  // The window and its view.
  const wx = w * (0.08 + rnd() * 0.1);
  const ww = w * 0.32;
  r.rect(wx - 8, h * 0.12 - 8, ww + 16, h * 0.44 + 16, hex("#f8f5ef"));
  const sea = rnd() < 0.5;
  for (let y = 0; y < h * 0.44; y++) {
    const t = y / (h * 0.44);
    const c =
      t < 0.55
        ? mix(hex("#6fb2ea"), hex("#cde9fb"), t / 0.55)
        : sea
          ? mix(hex("#2f7fb5"), hex("#1f5f8f"), (t - 0.55) / 0.45)
          : mix(hex("#7aa37a"), hex("#4f7c57"), (t - 0.55) / 0.45);
    r.rect(wx, h * 0.12 + y, ww, 1, c);
  }
  r.rect(wx + ww / 2 - 3, h * 0.12, 6, h * 0.44, hex("#f8f5ef"));
  // Curtains.
  const curtain = hex(["#b5895f", "#8c9bb0", "#a7776f", "#9aa58a"][Math.floor(rnd() * 4)]!);
  r.rect(wx - 34, h * 0.08, 30, h * 0.6, curtain);
  r.rect(wx + ww + 4, h * 0.08, 30, h * 0.6, curtain);
  // The bed: headboard, mattress, pillows, a runner.
  const bx = w * 0.5;
  const bw = w * 0.44;
  r.rect(bx, h * 0.36, bw, h * 0.26, hex("#6b4b35"));
  r.rect(bx - 10, h * 0.58, bw + 20, h * 0.22, hex("#fbfaf7"));
  r.rect(bx - 10, h * 0.78, bw + 20, h * 0.08, hex("#e7e2d8"));
  r.rect(bx + 14, h * 0.5, bw * 0.4, h * 0.1, hex("#ffffff"));
  r.rect(bx + bw * 0.55, h * 0.5, bw * 0.4, h * 0.1, hex("#ffffff"));
  r.rect(bx - 10, h * 0.66, bw + 20, h * 0.05, curtain);
  // A picture above the bed and a lamp beside it.
  r.rect(bx + bw * 0.3, h * 0.16, bw * 0.4, h * 0.14, hex("#3f3a36"));
  r.rect(bx + bw * 0.3 + 4, h * 0.16 + 4, bw * 0.4 - 8, h * 0.14 - 8, mix(hex("#88b7c9"), hex("#e7c48d"), rnd()));
  r.rect(w - 40, h * 0.6, 26, h * 0.22, hex("#4a3a2e"));
  r.disc(w - 27, h * 0.5, 18, hex("#fff0c8"), 0.9, 2.4);
  r.rect(w - 28, h * 0.5, 2, h * 0.1, hex("#4a3a2e"));
}

/** Draws one scene of a kind, varied by the name's hash. */
function drawScene(name: string, kind: SceneKind, width = 800, height = 450): Raster {
  const rnd = random(`${kind}:${name}`);
  const r = new Raster(width, height);
  if (kind === "room") {
    room(r, rnd);
    return r;
  }
  const s = width / 800;
  const time: Time = kind === "festival" ? "night" : (["day", "day", "morning", "dusk", "day", "night"] as const)[Math.floor(rnd() * 6)]!;
  const t = TIMES[time];
  const horizon = height * (0.56 + rnd() * 0.08);
  r.gradient(0, horizon, hex(t.sky[0]), hex(t.sky[1]));
  // Sun or moon, with a glow.
  const sunX = width * (0.15 + rnd() * 0.7);
  const sunY = horizon * (time === "dusk" ? 0.72 : 0.22 + rnd() * 0.2);
  r.disc(sunX, sunY, (time === "night" ? 22 : 30) * s, hex(t.sun), time === "day" ? 0.9 : 1, 2.6);
  if (time === "night") for (let i = 0; i < 40; i++) r.disc(rnd() * width, rnd() * horizon * 0.7, 1, [255, 255, 240], 0.5 + rnd() * 0.5);
  // Clouds by day.
  if (time !== "night")
    for (let i = 0; i < 3; i++) {
      const [cx, cy] = [rnd() * width, horizon * (0.15 + rnd() * 0.35)];
      for (let k = 0; k < 4; k++) r.disc(cx + (k - 1.5) * 26 * s, cy + (k % 2) * 6, (18 + rnd() * 12) * s, [255, 255, 255], 0.55);
    }
  const far = mix(hex(t.sky[1]), hex("#3d4f66"), 0.45);
  const near = mix(hex(t.sky[1]), hex("#2f4a3a"), 0.7);
  const hilly = kind === "mountain" || kind === "spring" || kind === "lake" || kind === "garden";
  if (hilly) {
    const [a, b, p] = [rnd() * 6, rnd() * 6, 0.8 + rnd() * 0.6];
    r.silhouette((x) => horizon - (70 + 50 * Math.sin(x / (140 * p) + a) + 30 * Math.sin(x / 53 + b)) * s, far, horizon + 1);
    r.silhouette((x) => horizon - (30 + 26 * Math.sin(x / (90 * p) + b) + 12 * Math.sin(x / 31 + a)) * s, near, horizon + 1);
  } else {
    // A far skyline.
    let x = 0;
    while (x < width) {
      const bw = (30 + rnd() * 50) * s;
      const bh = (40 + rnd() * (kind === "city" ? 150 : 60)) * s;
      r.rect(x, horizon - bh, bw - 4 * s, bh + 1, far);
      x += bw;
    }
  }
  // Water or ground.
  const watery = kind === "resort" || kind === "lake" || (kind === "city" && rnd() < 0.4) || kind === "spring";
  if (watery) {
    const water: [RGB, RGB] =
      kind === "spring" ? [hex("#6fa6a0"), hex("#3d6f6a")] : time === "night" ? [hex("#1a2a55"), hex("#0a1230")] : [mix(hex(t.sky[1]), hex("#1f6fa3"), 0.6), hex("#124a75")];
    r.gradient(horizon, height, water[0], water[1]);
    // The sun's path on the water, and a few ripples.
    for (let y = Math.ceil(horizon) + 2; y < height; y += 5) {
      const spread = (12 + (y - horizon) * 0.35) * s;
      r.rect(sunX - spread / 2 + Math.sin(y) * 6, y, spread, 2, hex(t.sun), 0.35);
      if (rnd() < 0.5) r.rect(rnd() * width, y, (20 + rnd() * 60) * s, 1, [255, 255, 255], 0.18);
    }
    if (kind === "resort") r.silhouette((x) => height - (46 + 10 * Math.sin(x / 120)) * s, hex("#e8d3a6"));
    // A bank the building stands on.
    else r.silhouette((x) => horizon - 2 + 3 * Math.sin(x / 70), time === "night" ? hex("#1d2b22") : hex("#6f9a5a"), horizon + (kind === "city" ? 48 : 32) * s);
    if (kind === "spring") for (let i = 0; i < 6; i++) r.disc(width * (0.2 + i * 0.12), horizon + 20 * s, (16 + rnd() * 10) * s, [255, 255, 255], 0.25);
  } else {
    const ground: [RGB, RGB] = kind === "festival" ? [hex("#4a2430"), hex("#24121a")] : time === "night" ? [hex("#213326"), hex("#101a13")] : [hex("#8fbf6a"), hex("#4f8a3c")];
    r.gradient(horizon, height, ground[0], ground[1]);
    r.rect(0, height * 0.86, width, height * 0.05, kind === "city" ? hex("#5b5f66") : hex("#cbb78f"), 0.85);
  }
  // The hotel.
  const walls = ["#f2efe8", "#e9dcc6", "#d9e3ea", "#efe1d0", "#e4e4e4", "#c9b8a4"];
  const wall = mix(hex(walls[Math.floor(rnd() * walls.length)]!), hex(t.sky[0]), time === "night" ? 0.55 : time === "dusk" ? 0.3 : 0.05);
  const base = kind === "resort" ? height - 46 * s : Math.min(height - 8, horizon + (kind === "city" ? 40 : 24) * s);
  const bx = width * (0.3 + rnd() * 0.3);
  if (kind === "city") {
    building(r, rnd, bx, base, 150 * s, 9 + Math.floor(rnd() * 4), wall, time, "crown");
    building(r, rnd, bx + 170 * s, base, 110 * s, 5 + Math.floor(rnd() * 3), mix(wall, hex("#8a9bb0"), 0.3), time, "flat");
  } else if (kind === "festival") {
    building(r, rnd, bx, base, 240 * s, 3, wall, time, "pitched");
    // Lanterns on a string.
    for (let i = 0; i < 12; i++) {
      const x = (i + 0.5) * (width / 12);
      const y = height * 0.18 + Math.sin((i / 11) * Math.PI) * 40 * s;
      r.disc(x, y, 11 * s, hex("#e0312b"), 1, 2.2);
      r.rect(x - 4 * s, y - 14 * s, 8 * s, 4 * s, hex("#f2c14e"));
    }
  } else {
    const wide = kind === "resort" || kind === "garden";
    building(
      r,
      rnd,
      bx,
      base,
      (wide ? 260 : 180) * s,
      wide ? 4 + Math.floor(rnd() * 2) : 3 + Math.floor(rnd() * 3),
      wall,
      time,
      kind === "lake" || kind === "mountain" || kind === "garden" ? "pitched" : "flat",
    );
  }
  // Trees or palms in front.
  const leaf: RGB = time === "night" ? hex("#14261a") : time === "dusk" ? hex("#2e3f2a") : hex(["#3f7d3a", "#2f6b45", "#4f8a3c"][Math.floor(rnd() * 3)]!);
  const n = 3 + Math.floor(rnd() * 4);
  for (let i = 0; i < n; i++) {
    const x = rnd() < 0.5 ? rnd() * bx * 0.9 : bx + 280 * s + rnd() * (width - bx - 280 * s);
    if (kind === "resort") palm(r, x, base + 6, (110 + rnd() * 60) * s, time === "day" ? hex("#2f5a2a") : leaf);
    else tree(r, x, base + 4, (40 + rnd() * 40) * s, leaf);
  }
  return r;
}

// PNG: signature, IHDR, one IDAT (each row filtered by the cheapest of None, Sub and Up), IEND.
const CRC = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

function encodePng(r: Raster): Buffer {
  const { w, h, px } = r;
  const stride = w * 3;
  const raw = Buffer.alloc((stride + 1) * h);
  const cost = (row: Uint8Array) => row.reduce((s, v) => s + (v < 128 ? v : 256 - v), 0);
  for (let y = 0; y < h; y++) {
    const cur = px.subarray(y * stride, (y + 1) * stride);
    const sub = new Uint8Array(stride);
    const up = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      sub[i] = (cur[i]! - (i >= 3 ? cur[i - 3]! : 0)) & 0xff;
      up[i] = (cur[i]! - (y ? px[(y - 1) * stride + i]! : 0)) & 0xff;
    }
    const options: Array<[number, Uint8Array]> = [
      [0, cur],
      [1, sub],
      [2, up],
    ];
    const [filter, bytes] = options.reduce((best, o) => (cost(o[1]) < cost(best[1]) ? o : best));
    raw[y * (stride + 1)] = filter;
    raw.set(bytes, y * (stride + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", new Uint8Array()),
  ]);
}

/** The same raster at a smaller size, each pixel the average of the source pixels it covers (a box filter: no moiré on windows). */
function downscale(src: Raster, w: number, h: number): Raster {
  const out = new Raster(w, h);
  const fx = src.w / w;
  const fy = src.h / h;
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor(y * fy);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * fy));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor(x * fx);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * fx));
      const sum = [0, 0, 0];
      for (let sy = y0; sy < y1; sy++)
        for (let sx = x0; sx < x1; sx++) {
          const i = (sy * src.w + sx) * 3;
          sum[0]! += src.px[i]!;
          sum[1]! += src.px[i + 1]!;
          sum[2]! += src.px[i + 2]!;
        }
      const n = (y1 - y0) * (x1 - x0);
      out.set(x, y, [Math.round(sum[0]! / n), Math.round(sum[1]! / n), Math.round(sum[2]! / n)]);
    }
  }
  return out;
}

/**
 * The width of the scenes' smaller copy (core/content/pictureVariants.ts): a phone's list thumbnail
 * or room picture at 2×. PNG like the original: WebP in Node needs a native encoder (sharp) or a
 * WebAssembly one, neither of which the repository has; the console's uploader makes WebP copies in
 * the browser.
 */
const COPY_WIDTH = 480;

/**
 * Draws a scene (800×450, 16:9, the website's picture boxes at 2× a phone's width; a room 640×360)
 * and stores it as the tenant's own upload with a 480-wide copy beside it; the address a record
 * keeps names the copy (`…png#w=480&t=png&o=800`), so the website gives it a `srcset`.
 */
export async function storeScene(tenantId: string, name: string, kind: SceneKind): Promise<string> {
  const raster = kind === "room" ? drawScene(name, kind, 640, 360) : drawScene(name, kind);
  const key = await storeOwnFile(tenantId, { bytes: encodePng(raster), name: `${kind}.png`, kind: "image" });
  const copy = downscale(raster, COPY_WIDTH, Math.round((raster.h * COPY_WIDTH) / raster.w));
  await storeOwnVariant(key, { bytes: encodePng(copy), width: COPY_WIDTH, type: "png" });
  return withVariants(filePath(key), [COPY_WIDTH], "png", raster.w);
}
