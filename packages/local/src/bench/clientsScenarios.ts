import { listClients, searchClients, SEARCH_LIMIT, type ClientFilter } from "@xiangyu/core/clients/list";
import { readPaging } from "@xiangyu/core/kernel/paging";
import { LIST_BOUNDS } from "@xiangyu/core/kernel/list";
import { STORES, nameOf, surnameOf, mobileOf, statusOf, memberCodeOf, isStaff, type ClientSeed } from "./seedClients.ts";
import { seedCaller } from "./seedHotelsCatalog.ts";

/**
 * The clients bench's scenarios (clients.ts, issue 5): the finder by a name, a mobile or a member
 * code, and the client and member lists by store, status and keyword. Each call asks for another
 * client than the one before, and its reply is checked against the seeded dataset.
 */
const SEARCH = "/xiangyu/api/client/searchclient";
export const LIST = "/xiangyu/api/client/clientlist";
const MEMBERS = "/xiangyu/api/client/memberlist";
/** Menu functions (core platform/standardMenu.ts): 客户管理 and 会员管理. */
export const FN = { clients: 2001, members: 2002 } as const;
export const PAGE_SIZE = 20;

type Query = Record<string, string | number>;
/** One call of a scenario: what is asked and what the reply must hold. */
type Case = { query: Query; check: (body: any) => void };
/** `cold`: remembered page starts are forgotten before every call (what the first reader of a deep page waits). */
export type Scenario = { name: string; path: string; fn: number; caseOf: (i: number) => Case; service: (q: Query) => Promise<unknown>; cold?: boolean };

export const fail = (what: string, detail: unknown): never => {
  throw new Error(`${what}: unexpected reply ${JSON.stringify(detail).slice(0, 400)}`);
};

/** The seeded clients grouped by a key, each group in seeding order (oldest first). */
function groupBy(n: number, key: (j: number) => string | number): Map<string | number, number[]> {
  const groups = new Map<string | number, number[]>();
  for (let j = 0; j < n; j++) {
    const k = key(j);
    const g = groups.get(k);
    if (g) g.push(j);
    else groups.set(k, [j]);
  }
  return groups;
}

/** Client j for the i-th call: spread over the tenant, so no two calls in a row ask the same. */
const spread = (i: number, n: number) => (i * 7919 + 11) % n;

/** The finder's and the lists' two kinds of scenario, over one seeded tenant as its head office. */
function makers(seed: ClientSeed) {
  const caller = seedCaller(seed.tenantId);
  const ids = (js: number[]) => js.map(seed.idOf);
  /** The newest matches first, as every list and the finder answer. */
  const newest = (js: number[], from: number, size: number) =>
    ids(
      js
        .slice()
        .reverse()
        .slice(from, from + size),
    );
  const expectIds = (what: string, rows: any[], want: number[]) => {
    const got = rows.map((r) => r.id);
    if (got.length !== want.length || got.some((id, k) => id !== want[k])) fail(what, { got, want });
  };

  const finder = (name: string, pick: (i: number) => { keyword: string; want: number[] }): Scenario => ({
    name: `searchclient, ${name}`,
    path: SEARCH,
    fn: FN.clients,
    caseOf: (i) => {
      const { keyword, want } = pick(i);
      return { query: { keyword }, check: (body) => expectIds(`${SEARCH} ${keyword}`, body.dataList ?? [], want) };
    },
    service: (q) => searchClients(caller, String(q.keyword)),
  });
  const list = (name: string, path: string, fn: number, membersOnly: boolean, pick: (i: number) => { query: Query; page: number; rows: number[]; capped?: boolean }): Scenario => ({
    name,
    path,
    fn,
    caseOf: (i) => {
      const { query, page, rows, capped } = pick(i);
      const q = { ...query, currentPage: page, pageSize: PAGE_SIZE };
      // A keyword count stops at the kernel's cap (kernel/list.ts) and says so.
      const over = !!capped && rows.length > LIST_BOUNDS.countCap;
      const want = over ? LIST_BOUNDS.countCap : rows.length;
      return {
        query: q,
        check: (body) => {
          if (body.pageParams?.maxCount !== want || !!body.pageParams?.totalCapped !== over) fail(`${path} total`, { query: q, pageParams: body.pageParams, want, over });
          expectIds(`${path} ${JSON.stringify(q)}`, body.dataList ?? [], newest(rows, (page - 1) * PAGE_SIZE, PAGE_SIZE));
        },
      };
    },
    // As the route: the filter read from the query, then the core list.
    service: (q) => {
      const f: ClientFilter = { shop: q.shop ? String(q.shop) : undefined, status: q.status ? Number(q.status) : undefined, excludeMgr: q.excludeMgr === 1, membersOnly };
      return listClients(caller, readPaging(q), f);
    },
  });
  return { ids, newest, finder, list };
}
type Makers = ReturnType<typeof makers>;

/** The seeded clients grouped as the finder and the lists find them. */
function groupsOf(n: number) {
  const byFullName = groupBy(n, (j) => j % 8000);
  const bySurname = groupBy(n, (j) => j % 20);
  const byTwoChars = groupBy(n, (j) => j % 400);
  const byShopStatus = groupBy(n, (j) => `${j % STORES.length}|${statusOf(j)}`);
  // Mobiles are 15000000000 + j: the last four digits are j mod 10,000, the first seven j div 10,000.
  const byLastFour = groupBy(n, (j) => mobileOf(j).slice(-4));
  const byFirstSeven = groupBy(n, (j) => mobileOf(j).slice(0, 7));
  const membersNoStaff = [...Array(n).keys()].filter((j) => statusOf(j) !== 1 && !isStaff(j));

  return { byFullName, bySurname, byTwoChars, byShopStatus, byLastFour, byFirstSeven, membersNoStaff };
}
type Groups = ReturnType<typeof groupsOf>;

/** The finder by a full name, a surname, a mobile, its last four or first seven digits, and a member code. */
function finderScenarios(n: number, { ids, newest, finder }: Makers, g: Groups): Scenario[] {
  const { byFullName, bySurname, byLastFour, byFirstSeven } = g;
  const firstMember = (i: number) => {
    let j = spread(i, n);
    while (statusOf(j) === 1) j = (j + 1) % n;
    return j;
  };

  return [
    finder(`full name (${Math.round(n / 8000)} clients share each)`, (i) => {
      const j = spread(i, n);
      return { keyword: nameOf(j), want: newest(byFullName.get(j % 8000)!, 0, SEARCH_LIMIT) };
    }),
    finder("surname (1/20 of the tenant)", (i) => ({ keyword: surnameOf(i), want: newest(bySurname.get(i % 20)!, 0, SEARCH_LIMIT) })),
    finder("mobile", (i) => {
      const j = spread(i, n);
      return { keyword: mobileOf(j), want: ids([j]) };
    }),
    finder(`a mobile's last four digits (${Math.round(n / 10_000)} clients share each)`, (i) => {
      const last4 = mobileOf(spread(i, n)).slice(-4);
      return { keyword: last4, want: newest(byLastFour.get(last4)!, 0, SEARCH_LIMIT) };
    }),
    finder(`a mobile's first seven digits (up to 10,000 clients share each)`, (i) => {
      const first7 = mobileOf(spread(i, n)).slice(0, 7);
      return { keyword: first7, want: newest(byFirstSeven.get(first7)!, 0, SEARCH_LIMIT) };
    }),
    finder("member code", (i) => {
      const j = firstMember(i);
      return { keyword: memberCodeOf(j), want: ids([j]) };
    }),
  ];
}

/** The client and member lists by store and status (page 1, a deep page, a first visit), staff left out, and by keyword. */
function listScenarios(seed: ClientSeed, { list }: Makers, g: Groups, deepPage: number): Scenario[] {
  const n = seed.count;
  const { bySurname, byTwoChars, byShopStatus, byLastFour, membersNoStaff } = g;
  /** Store and status take turns call by call (6 stores × 3 statuses). */
  const shopStatus = (page: number) => (i: number) => {
    const store = i % STORES.length;
    const status = 1 + (Math.floor(i / STORES.length) % 3);
    return { query: { shop: seed.shops.get(STORES[store]!)!, status }, page, rows: byShopStatus.get(`${store}|${status}`)! };
  };
  return [
    list("clientlist, one store + status, page 1", LIST, FN.clients, false, shopStatus(1)),
    list(`clientlist, one store + status, page ${deepPage}`, LIST, FN.clients, false, shopStatus(deepPage)),
    { ...list(`clientlist, one store + status, page ${deepPage}, first visit`, LIST, FN.clients, false, shopStatus(deepPage)), cold: true },
    list("memberlist, excluding staff, page 1", MEMBERS, FN.members, true, () => ({ query: { excludeMgr: 1 }, page: 1, rows: membersNoStaff })),
    list(`clientlist, keyword of a mobile's last four digits (${Math.round(n / 10_000)} matches, counted), page 1`, LIST, FN.clients, false, (i) => {
      const last4 = mobileOf(spread(i, n)).slice(-4);
      return { query: { keyword: last4 }, page: 1, rows: byLastFour.get(last4)! };
    }),
    ...[1, deepPage].map((page) =>
      list(
        `clientlist, one-character surname (${(n / 20).toLocaleString("en")} matches, count capped at ${LIST_BOUNDS.countCap.toLocaleString("en")}), page ${page}`,
        LIST,
        FN.clients,
        false,
        (i) => ({
          query: { keyword: surnameOf(i) },
          page,
          rows: bySurname.get(i % 20)!,
          capped: true,
        }),
      ),
    ),
    list(`clientlist, keyword of two characters (${Math.round(n / 400)} matches, counted), page 1`, LIST, FN.clients, false, (i) => {
      const j = spread(i, n);
      return { query: { keyword: nameOf(j).slice(0, 2) }, page: 1, rows: byTwoChars.get(j % 400)! };
    }),
  ];
}

/** Every scenario timed: the finders first, then the lists. */
export function scenarios(seed: ClientSeed, deepPage: number): Scenario[] {
  const m = makers(seed);
  const g = groupsOf(seed.count);
  return [...finderScenarios(seed.count, m, g), ...listScenarios(seed, m, g, deepPage)];
}
