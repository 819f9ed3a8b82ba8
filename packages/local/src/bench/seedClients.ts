import * as v from "valibot";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { ClientInput } from "@xiangyu/core/clients/schemas";
import { saveClient } from "@xiangyu/core/clients/service";
import { bulkLoadClients } from "@xiangyu/core/clients/bulkLoad";
import { Client, ClientMobile, ClientTerm, type ClientItem } from "@xiangyu/core/clients/entities";
import { nameTerms } from "@xiangyu/core/clients/rules";
import { createDepartments } from "@xiangyu/core/org/provision";
import { saveStyleAttr } from "@xiangyu/core/platform/styleParams";
import { DEFAULT_CHANNEL_LIST } from "@xiangyu/core/channels/schemas";
import { nextIds } from "@xiangyu/core/kernel/counters";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { config } from "@xiangyu/core/kernel/config";
import { formatDateTime } from "@xiangyu/core/kernel/clock";
import { DEMO_DEPARTMENTS } from "../seed/demo.ts";
import { seedCaller } from "./seedHotelsCatalog.ts";

/**
 * The clients bench's dataset: many clients in one tenant, spread evenly over the six demo stores
 * and the three statuses. Client j is a pure function of j (name, mobile, member code, shop,
 * status), so a scenario knows what each keyword must find and how many rows each filter holds.
 * Core's save is one transaction per client (the client, its mobile guard, name and code keys and
 * tally) after three reads, far too slow for 200,000, so client 0 goes through `saveClient` and the
 * others through core's `bulkLoadClients` (the same items and keys in batches, tallies moved per
 * batch); `checkShape` proves the two alike.
 */
export const STORES = DEMO_DEPARTMENTS.flatMap((b) => (b.children ?? []).map((c) => c.orgName));
const SURNAMES = Array.from("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗");
const GIVEN = Array.from("伟芳娜敏静丽强磊军洋勇艳杰娟涛明超霞平刚");
const CHUNK = 10_000;

/** 20 surnames × 20 × 20 given-name characters: a surname matches 1/20 of the tenant, a full name 1/8,000. */
export const nameOf = (j: number) => SURNAMES[j % 20]! + GIVEN[Math.floor(j / 20) % 20]! + GIVEN[Math.floor(j / 400) % 20]!;
export const surnameOf = (j: number) => SURNAMES[j % 20]!;
export const mobileOf = (j: number) => String(15_000_000_000 + j);
export const storeOf = (j: number) => STORES[j % STORES.length]!;
/** 60 % customers (1), 30 % members (2), 10 % suspended (3); independent of the store. */
export const statusOf = (j: number) => {
  const d = Math.floor(j / STORES.length) % 10;
  return d < 6 ? 1 : d < 9 ? 2 : 3;
};
/** Members and suspended members carry a member code; customers do not. */
export const memberCodeOf = (j: number) => (statusOf(j) === 1 ? "" : `S${j}`);
/** One client in 500 has a staff member's mobile (the lists' 'exclude staff members'). */
export const isStaff = (j: number) => j % 500 === 499;

export type ClientSeed = {
  tenantId: string;
  count: number;
  /** Store name → organisation code. */
  shops: Map<string, string>;
  /** Client j's id. */
  idOf: (j: number) => number;
  /** How many seeded clients a filter holds (the lists' totals). */
  countWhere: (test: (j: number) => boolean) => number;
  /** Whether the bulk-loaded clients have their search keys (see `seedClients`). */
  searchKeys: boolean;
};

function input(j: number, shop: string) {
  return v.parse(ClientInput, {
    clientName: nameOf(j),
    mobile: mobileOf(j),
    status: statusOf(j),
    shop,
    memberCode: memberCodeOf(j),
    sex: j % 2 ? "男" : "女",
    age: 25 + (j % 40),
    province: "440000",
    city: "440100",
    county: "440106",
    address: `测试路${j}号`,
    clientSource: "walkin",
    memberLevel: statusOf(j) === 1 ? "" : String(1 + (j % 3)),
  });
}

/**
 * `searchKeys: false` writes the clients, their mobile guards and tallies but not their search keys
 * (≈ 9 KB of DynamoDB Local's memory per client with them): for the scale curve, whose 2,000,000
 * clients do not fit in 24 GB with their keys and whose lists read none.
 */
export async function seedClients(tenantId: string, count: number, log: (s: string) => void, searchKeys = true): Promise<ClientSeed> {
  const depts = await createDepartments(tenantId, DEMO_DEPARTMENTS);
  const shops = new Map([...depts].map(([name, d]) => [name, d.code]));
  const shopOf = (j: number) => shops.get(storeOf(j))!;
  // The channel every client comes from (and the import sheet names): the import refuses unknown sources.
  await saveStyleAttr(tenantId, { styleen: DEFAULT_CHANNEL_LIST, styleid: "walkin", stylename: "到店咨询" });

  // Client 0, through core (its mobile is no staff login, so it is not staff).
  const reference = await saveClient(seedCaller(tenantId), input(0, shopOf(0)));
  const first = await nextIds(tenantId, "client", count - 1);
  const idOf = (j: number) => (j === 0 ? reference.id : first + j - 1);
  await writeClients(tenantId, shopOf, idOf, 1, count, log, searchKeys);
  await checkShape(tenantId, reference, idOf(count - 1), searchKeys);
  return seedOf(tenantId, count, shops, idOf, searchKeys);
}

/** Grows a seeded tenant to `count` clients (the scale curve): clients seed.count … count − 1, with fresh ids. */
export async function extendClients(seed: ClientSeed, count: number, log: (s: string) => void): Promise<ClientSeed> {
  const from = seed.count;
  const first = await nextIds(seed.tenantId, "client", count - from);
  const idOf = (j: number) => (j < from ? seed.idOf(j) : first + j - from);
  await writeClients(seed.tenantId, (j) => seed.shops.get(storeOf(j))!, idOf, from, count, log, seed.searchKeys);
  return seedOf(seed.tenantId, count, seed.shops, idOf, seed.searchKeys);
}

async function writeClients(
  tenantId: string,
  shopOf: (j: number) => string,
  idOf: (j: number) => number,
  from: number,
  to: number,
  log: (s: string) => void,
  searchKeys: boolean,
): Promise<void> {
  const t0 = Date.now();
  const createTime = formatDateTime();
  for (let start = from; start < to; start += CHUNK) {
    const items: ClientItem[] = [];
    for (let j = start; j < Math.min(to, start + CHUNK); j++) {
      // As saveClient: the parsed input without id, then the fields the save sets itself.
      const { id: _i, ...fields } = input(j, shopOf(j));
      items.push({ tenantId, id: idOf(j), ...fields, isMgr: isStaff(j) ? 1 : 0, globalId: "", workOrderStatus: "", createTime, rev: 0 } as ClientItem);
    }
    await bulkLoadClients(items, 8, searchKeys);
    const done = Math.min(to, start + CHUNK);
    log(`  ${done.toLocaleString("en")} / ${to.toLocaleString("en")} clients (${Math.round((done - from) / ((Date.now() - t0) / 1000))} clients/s)`);
  }
}

const seedOf = (tenantId: string, count: number, shops: Map<string, string>, idOf: (j: number) => number, searchKeys: boolean): ClientSeed => ({
  searchKeys,
  tenantId,
  count,
  shops,
  idOf,
  countWhere: (test) => {
    let n = 0;
    for (let j = 0; j < count; j++) if (test(j)) n++;
    return n;
  },
});

/** Attribute names and value types of a stored item. */
const shapeOf = (item: Record<string, unknown> | undefined) =>
  Object.keys(item ?? {})
    .sort()
    .map((k) => `${k}:${typeof item![k]}`)
    .join(",");

/** A bulk-loaded client, its mobile guard and name key (when written) must have the shape of the ones core's save wrote. */
async function checkShape(tenantId: string, core: ClientItem, bulkId: number, searchKeys: boolean): Promise<void> {
  const raw = async (Key: Record<string, unknown>) => (await dynamo().send(new GetCommand({ TableName: config.table, Key }))).Item;
  const { data: bulk } = await Client.get({ tenantId, id: bulkId }).go();
  if (!bulk) throw new Error(`clients seed: client ${bulkId} was not written`);
  const keysOf = (c: ClientItem) => ({
    client: Client.get({ tenantId, id: c.id }).params().Key,
    mobile: ClientMobile.get({ tenantId, mobile: c.mobile, shop: c.shop }).params().Key,
    term: ClientTerm.get({ tenantId, kind: "n1", term: nameTerms(c.clientName).n1, clientId: c.id }).params().Key,
  });
  const a = keysOf(core);
  const b = keysOf(bulk);
  for (const what of searchKeys ? (["client", "mobile", "term"] as const) : (["client", "mobile"] as const)) {
    const [x, y] = [shapeOf(await raw(a[what])), shapeOf(await raw(b[what]))];
    if (!x || x !== y) throw new Error(`clients seed: a bulk-written ${what} item differs from core's\n core: ${x}\n bulk: ${y}`);
  }
}
