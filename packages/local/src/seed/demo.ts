import { provisionTenant, tenantExists } from "@xiangyu/core/platform/provision";
import { markPlatformTenant } from "@xiangyu/core/platform/operator";
import { Tenant } from "@xiangyu/core/platform/entities";
import { forgetTenant } from "@xiangyu/core/platform/tenants";
import { createDepartments, type OrgPlan } from "@xiangyu/core/org/provision";
import { MENU } from "@xiangyu/core/platform/standardMenu";
import { STYLE_PARAMS } from "./styleParams.ts";
import { seedRegions } from "./regionsSeed.ts";
import { seedHotels } from "./hotels.ts";
import { seedClients } from "./clients.ts";
import { seedVouchers } from "./vouchers.ts";
import { seedOrders } from "./orders.ts";
import { seedPurchases } from "./purchases.ts";
import { seedGifts } from "./gifts.ts";
import { seedMobileUsers, seedStaff, syncAccess } from "./users.ts";
import { seedContent } from "./content.ts";
import { seedLottery } from "./lottery.ts";
import { seedGoods } from "./goods.ts";
import { seedPages } from "./pages.ts";
import { seedMiniPrograms } from "./miniPrograms.ts";
import { seedPushTemplates } from "./pushTemplates.ts";
import { since, type Log } from "./progress.ts";

/** The demo login printed by `npm start` and used by the tests (README.md). */
export const DEMO = {
  clientId: "xiangyu",
  clientSecret: "xiangyu-secret",
  username: "admin",
  mobile: "13800000000",
  password: "Admin@12345",
} as const;

/**
 * The hosts whose login page is the demo tenant's (the console picks its tenant by `location.host`,
 * any port). Give a tenant created from the console the domain `<clientId>.localhost`: Chromium
 * resolves every `*.localhost` to this machine, so each tenant has its own login page here (README.md).
 */
export const DEMO_DOMAINS = ["127.0.0.1", "localhost", "xiangyu.localhost"];

/** A database seeded before tenants were found by domain gets the demo's domains (the locked record has no edit form). */
async function bindDemoDomains(log: Log): Promise<void> {
  const { data } = await Tenant.get({ clientId: DEMO.clientId }).go();
  if (!data || (data.domain ?? []).length) return;
  await Tenant.patch({ clientId: DEMO.clientId }).set({ domain: DEMO_DOMAINS }).go({ response: "none" });
  forgetTenant(DEMO.clientId);
  log(`tenant ${DEMO.clientId}: login page on ${DEMO_DOMAINS.join(", ")}`);
}

export const DEMO_DEPARTMENTS: OrgPlan[] = [
  { orgName: "华南分公司", branch: true, children: [{ orgName: "广州天河店" }, { orgName: "深圳南山店" }, { orgName: "珠海香洲店" }] },
  { orgName: "华东分公司", branch: true, children: [{ orgName: "上海浦东店" }, { orgName: "杭州西湖店" }, { orgName: "南京鼓楼店" }] },
];

/**
 * Seeds what a new machine needs to log in and look around; false when the tenant exists.
 * Stages that share nothing run side by side (the platform's region tree beside the tenant; hotels
 * beside clients), those that read another's data after it: vouchers go to clients bound to the
 * mini-program, orders book the hotels' rooms with the clients' weeks and vouchers.
 */
export async function seedDemo(log: Log = () => undefined): Promise<boolean> {
  const [, seeded] = await Promise.all([seedRegions(log), seedTenant(log)]);
  return seeded;
}

async function seedTenant(log: Log): Promise<boolean> {
  // The demo tenant is the platform tenant (it edits the region tree); a database seeded before the mark existed gets it too.
  if (await tenantExists(DEMO.clientId)) {
    await markPlatformTenant(DEMO.clientId);
    await bindDemoDomains(log);
    // Screens and roles added since this database was seeded.
    await syncAccess(DEMO.clientId, MENU, log);
    await seedStaff(DEMO.clientId, log);
    await seedMobileUsers(DEMO.clientId, log);
    await seedMiniPrograms(DEMO.clientId, log);
    await seedPushTemplates(DEMO.clientId, log);
    await seedContent(DEMO.clientId, log);
    await seedLottery(DEMO.clientId, log);
    await seedGoods(DEMO.clientId, log);
    await seedPages(DEMO.clientId, log);
    return false;
  }
  const t0 = Date.now();
  await provisionTenant({
    clientId: DEMO.clientId,
    clientSecret: DEMO.clientSecret,
    systemName: "享域会员管理平台",
    copyright: "© 享域酒店会员俱乐部",
    menu: MENU,
    styleParams: STYLE_PARAMS,
    admin: { username: DEMO.username, password: DEMO.password, mobile: DEMO.mobile, realname: "系统管理员" },
    platform: true,
    // The seeded system tenant is locked: the console shows it without edit, delete or switch (docs/gaps.md, R430).
    record: { locked: 1, domain: DEMO_DOMAINS },
  });
  await createDepartments(DEMO.clientId, DEMO_DEPARTMENTS);
  log(`tenant ${DEMO.clientId}: menu ${MENU.length}, style lists ${STYLE_PARAMS.length}, 2 branches × 3 stores (${since(t0)})`);
  await Promise.all([seedHotels(DEMO.clientId, log), seedClients(DEMO.clientId, log)]);
  await seedVouchers(DEMO.clientId, log);
  await seedOrders(DEMO.clientId, log);
  await seedPurchases(DEMO.clientId, log);
  await seedGifts(DEMO.clientId, log);
  await seedStaff(DEMO.clientId, log);
  await seedMobileUsers(DEMO.clientId, log);
  await seedMiniPrograms(DEMO.clientId, log);
  await seedPushTemplates(DEMO.clientId, log);
  await seedContent(DEMO.clientId, log);
  await seedLottery(DEMO.clientId, log);
  await seedGoods(DEMO.clientId, log);
  await seedPages(DEMO.clientId, log);
  return true;
}
