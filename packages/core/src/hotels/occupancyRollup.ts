import { Entity } from "electrodb";
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { Hotel } from "./entities.ts";
import { daysOf, inBatches } from "./days.ts";
import { addDays, datesFrom } from "./nights.ts";
import { readListVersion } from "./listVersion.ts";
import { MAX_OCCUPANCY_DAYS, type HotelType, type OccupancyQuery } from "./schemas.ts";
import { typeOfRequest, type HotelScope } from "./scope.ts";
import {
  dayTotals,
  MAX_OCCUPANCY_HOTELS,
  occupancyOf,
  partName,
  READ_NOTE_MS,
  readLately,
  rollupAnswers,
  wholeRuns,
  type Occupancy,
  type Rollup,
  type RollupPart,
  type StoredRun,
} from "./occupancy.ts";
import { SERVICE, entityConfig } from "../kernel/entity.ts";
import { dynamo } from "../kernel/aws.ts";
import { nowMs, today } from "../kernel/clock.ts";
import { conditional } from "../kernel/tx.ts";

/**
 * The kept occupancy of the days to come (issue 36; docs/decisions.md "Occupancy: a roll-up"):
 * per hotel type and store, rooms offered and taken on each of the next `ROLLUP_DAYS` days,
 * added over the enabled hotels. The job `hotelOccupancy` writes it every ten minutes for every
 * tenant; the workbench's chart reads it in one Query instead of one Query per hotel.
 *
 * A roll-up is written as a run: one item per type and store (`part`) and a mark (`part` "")
 * holding what the run was computed under (the business date, the time, the hotels' list version)
 * and how many parts it has. Runs are keyed by their time, so two roll-ups written at once never
 * mix: a reader takes the newest run whose parts are all there (`wholeRuns`), and a run, once
 * whole, deletes only the runs older than itself.
 */
export const HotelOccupancy = new Entity(
  {
    model: { entity: "hotelOccupancy", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      /** The run's time in ms, zero-padded: runs sort by time. */
      run: { type: "string", required: true },
      /** `${hotelType}#${shop}`, or "" for the run's mark. */
      part: { type: "string", required: true },
      hotelType: { type: "number", default: 0 },
      shop: { type: "string", default: "" },
      hotels: { type: "number", default: 0 },
      taken: { type: "list", items: { type: "number" } },
      total: { type: "list", items: { type: "number" } },
      // The mark's:
      from: { type: "string" },
      at: { type: "number" },
      version: { type: "number" },
      /** When a reader last used the tenant's roll-up (noted at most hourly): the job skips tenants idle a day. */
      readAt: { type: "number" },
      parts: { type: "number" },
      capped: { type: "list", items: { type: "number" } },
    },
    indexes: {
      byTenant: { pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["run", "part"] } },
    },
  },
  entityConfig(),
);

/** A roll-up covers one day more than a read may ask, so yesterday's run still answers today. */
export const ROLLUP_DAYS = MAX_OCCUPANCY_DAYS + 1;

const runId = (at: number) => String(at).padStart(15, "0");

/** Every stored run of the tenant, read consistently (a run just written is seen whole). */
export async function storedRuns(tenantId: string): Promise<StoredRun[]> {
  const { data } = await HotelOccupancy.query.byTenant({ tenantId }).go({ pages: "all", consistent: true });
  return data as StoredRun[];
}

type Listed = { id: number; shop: string };

/** The enabled hotels of a type, up to `max` (their ids and stores, a projection); `capped` when more exist. */
async function enabledHotels(tenantId: string, hotelType: HotelType, max: number): Promise<{ hotels: Listed[]; capped: boolean }> {
  const params = Hotel.query.byType({ tenantId, hotelType }).params();
  const names = { ...params.ExpressionAttributeNames, "#oid": "id", "#oshop": "shop", "#oshow": "idisplay" };
  const hotels: Listed[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({ ...params, ProjectionExpression: "#oid, #oshop, #oshow", ExpressionAttributeNames: names, ExclusiveStartKey: start }));
    for (const h of out.Items ?? []) if (Number(h.idisplay ?? 1) === 1) hotels.push({ id: Number(h.id), shop: String(h.shop ?? "") });
    start = out.LastEvaluatedKey;
  } while (start && hotels.length <= max);
  return { hotels: hotels.slice(0, max), capped: hotels.length > max || !!start };
}

/** One type's parts: each store's hotels' days added up, one Query of days per hotel, 50 at a time. */
async function typeParts(tenantId: string, hotelType: HotelType, dates: string[], max: number): Promise<{ parts: RollupPart[]; capped: boolean }> {
  const { hotels, capped } = await enabledHotels(tenantId, hotelType, max);
  const index = new Map(dates.map((d, i) => [d, i]));
  const byShop = new Map<string, RollupPart>();
  await inBatches(hotels, 50, async (h) => {
    let part = byShop.get(h.shop);
    if (!part) byShop.set(h.shop, (part = { hotelType, shop: h.shop, hotels: 0, taken: dates.map(() => 0), total: dates.map(() => 0) }));
    part.hotels += 1;
    for (const day of await daysOf(tenantId, h.id, dates[0]!, dates.at(-1)!)) {
      const i = index.get(day.inDate);
      if (i === undefined) continue;
      const add = dayTotals(day);
      part.taken[i]! += add.taken;
      part.total[i]! += add.total;
    }
  });
  return { parts: [...byShop.values()], capped };
}

/**
 * Computes and stores the tenant's roll-up from today, and answers it. Idempotent: a second run at
 * the same time writes a run of its own, and the reader takes whichever is newer.
 */
export async function rollUpOccupancy(tenantId: string, o: { maxHotels?: number; before?: StoredRun[]; readAt?: number } = {}): Promise<Rollup> {
  const at = nowMs();
  const [version, before] = await Promise.all([readListVersion(tenantId), o.before ?? storedRuns(tenantId)]);
  const readAt = o.readAt ?? wholeRuns(before)[0]?.readAt ?? 0;
  const from = today();
  const dates = datesFrom(from, addDays(from, ROLLUP_DAYS - 1));
  const types = await Promise.all(([1, 2] as const).map(async (t) => ({ t, ...(await typeParts(tenantId, t, dates, o.maxHotels ?? MAX_OCCUPANCY_HOTELS)) })));
  const rollup: Rollup = { from, at, version: version.version, readAt, capped: types.filter((x) => x.capped).map((x) => x.t), parts: types.flatMap((x) => x.parts) };
  const run = runId(at);
  const items = [
    ...rollup.parts.map((p) => ({ tenantId, run, part: partName(p), ...p })),
    { tenantId, run, part: "", from, at, version: rollup.version, readAt, parts: rollup.parts.length, capped: rollup.capped },
  ];
  const written = await HotelOccupancy.put(items).go();
  if (written.unprocessed.length) throw new Error(`hotel occupancy: ${written.unprocessed.length} items left unprocessed`);
  // Older runs go once this one is whole; a newer run (written meanwhile) is left to itself.
  const older = before.filter((i) => i.run < run).map((i) => ({ tenantId, run: i.run, part: i.part }));
  if (older.length) await HotelOccupancy.delete(older).go();
  return rollup;
}

/**
 * `hotel/occupancy`: the stored roll-up and the hotels' list version in one round (two reads in
 * parallel); only when no stored run answers (a new tenant, a hotel changed since, the job late)
 * is the roll-up computed here, once for every caller of the tenant.
 */
export async function occupancyByType(scope: HotelScope, q: OccupancyQuery): Promise<Occupancy> {
  const { tenantId } = scope.caller;
  const hotelType = typeOfRequest(scope, q.hotelType);
  const types: HotelType[] = hotelType ? [hotelType] : [1, 2];
  const [runs, version] = await Promise.all([storedRuns(tenantId), readListVersion(tenantId)]);
  const now = { today: today(), ms: nowMs(), version: version.version, days: q.days, length: ROLLUP_DAYS };
  const stored = wholeRuns(runs)[0];
  if (!stored || !rollupAnswers(stored, now)) {
    return occupancyOf(await rollUpOccupancy(tenantId, { before: runs, readAt: now.ms }), scope.caller, types, now.today, q.days);
  }
  if (now.ms - stored.readAt > READ_NOTE_MS) await noteRead(tenantId, stored, now.ms);
  return occupancyOf(stored, scope.caller, types, now.today, q.days);
}

/** Notes on the run's mark that the chart is looked at; a run deleted meanwhile (a newer one written) needs no note. */
async function noteRead(tenantId: string, r: Rollup, readAt: number): Promise<void> {
  await conditional(
    HotelOccupancy.patch({ tenantId, run: runId(r.at), part: "" })
      .set({ readAt })
      .go({ response: "none" }),
  );
}

/**
 * The job's unit for one tenant: rolled up when its chart was read within a day, else left alone
 * (no hotel Queries for a tenant nobody looks at). Answers whether it rolled up.
 */
export async function keepRollup(tenantId: string): Promise<boolean> {
  const before = await storedRuns(tenantId);
  if (!readLately(wholeRuns(before)[0], nowMs())) return false;
  await rollUpOccupancy(tenantId, { before });
  return true;
}
