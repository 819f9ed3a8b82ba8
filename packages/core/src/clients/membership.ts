import { MembershipAccount, MembershipLot, type MembershipAccountItem, type MembershipLotItem } from "./ledger/entities.ts";
import { expiryOf, setExpiryItems } from "./ledger/ledger.ts";
import { CLIENT_CHANGED, levelChangeItems, levelFromLots } from "./memberLevel.ts";
import { visibleClient } from "./visible.ts";
import { seal, open } from "./secretBox.ts";
import { NO_LOT, NO_MEMBERSHIP, type MembershipAccountInput, type PasswordRevealInput, type ShipDurationInput } from "./schemas.ts";
import { productTypeMap } from "../products/types.ts";
import type { ProductTypeItem } from "../products/entities.ts";
import { fenToYuan } from "../kernel/money.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { retryRaces, transact } from "../kernel/tx.ts";
import { who, type Caller } from "../kernel/context.ts";

/** The membership viewer (R297–R304): summaries per product type, detail rows, accounts, validity. */
export { NO_MEMBERSHIP, NO_LOT };

const countsOf = (x: Partial<MembershipAccountItem | MembershipLotItem>) => ({
  storeCount: x.storeCount ?? 0,
  usedCount: x.usedCount ?? 0,
  usedFirstHaltCount: x.usedFirstHaltCount ?? 0,
  usedSecondHaltCount: x.usedSecondHaltCount ?? 0,
  remainingCount: x.remainingCount ?? 0,
  remainingFirstHaltCount: x.remainingFirstHaltCount ?? 0,
  remainingSecondHaltCount: x.remainingSecondHaltCount ?? 0,
});

/** A summary row: passwords never leave the server here, only whether one is set (R297 reveals). */
function summaryView(a: MembershipAccountItem, t: ProductTypeItem | undefined) {
  return {
    clientId: a.clientId,
    productTypeId: a.productTypeId,
    productTypeName: t?.typeName ?? "",
    shipUnit: t?.productUnit ?? "",
    ...countsOf(a),
    hasAccount: t?.hasAccount ?? 0,
    account: a.account ?? "",
    password: "",
    passwordSet: a.password ? 1 : 0,
    hasRci: t?.hasRci ?? 0,
    rciStoreCount: a.rciStoreCount ?? 0,
    rciId: a.rciId ?? "",
    rciAccount: a.rciAccount ?? "",
    rciPassword: "",
    rciPasswordSet: a.rciPassword ? 1 : 0,
  };
}

export type MembershipSummary = ReturnType<typeof summaryView>;

export type LotView = ReturnType<typeof lotView>;
function lotView(l: MembershipLotItem) {
  return {
    id: l.id,
    productTypeId: l.productTypeId,
    productId: l.productId ?? 0,
    productName: l.productName ?? "",
    shipUnit: l.shipUnit ?? "",
    ...countsOf(l),
    shipDuration: l.shipDuration,
    amount: fenToYuan(l.amount ?? 0),
    payAmount: fenToYuan(l.payAmount ?? 0),
    isInstallment: l.isInstallment ?? 0,
    firstPayAmount: fenToYuan(l.firstPayAmount ?? 0),
    finalPayAmount: fenToYuan(l.finalPayAmount ?? 0),
    remark: l.remark ?? "",
    createTime: l.createTime ?? "",
  };
}

async function accountsOf(tenantId: string, clientId: number): Promise<MembershipAccountItem[]> {
  const { data } = await MembershipAccount.query.byClient({ tenantId, clientId }).go({ pages: "all" });
  return data;
}

/** membershiptotallist: one row per product type the client holds. */
export async function membershipTotals(caller: Caller, clientId: number) {
  const client = await visibleClient(caller, clientId);
  const [accounts, types] = await Promise.all([accountsOf(caller.tenantId, client.id), productTypeMap(caller.tenantId)]);
  return accounts.map((a) => summaryView(a, types.get(a.productTypeId)));
}

/** membershipinfo: the balances the gift-week and exchange wizards check. */
export type MembershipInfoRow = Awaited<ReturnType<typeof membershipInfo>>[number];
export async function membershipInfo(caller: Caller, clientId: number) {
  return (await membershipTotals(caller, clientId)).map((r) => ({
    productTypeId: r.productTypeId,
    productTypeName: r.productTypeName,
    shipUnit: r.shipUnit,
    storeCount: r.storeCount,
    remainingCount: r.remainingCount,
    remainingFirstHaltCount: r.remainingFirstHaltCount,
    remainingSecondHaltCount: r.remainingSecondHaltCount,
    rciStoreCount: r.rciStoreCount,
  }));
}

async function accountOf(caller: Caller, clientId: number, productTypeId: number): Promise<MembershipAccountItem> {
  const client = await visibleClient(caller, clientId);
  const { data } = await MembershipAccount.get({ tenantId: caller.tenantId, clientId: client.id, productTypeId }).go();
  if (!data) throw new DomainError(NO_MEMBERSHIP, "404");
  return data;
}

/** membershiplist: the purchases (lots) of one product type, newest first. */
export async function membershipLots(caller: Caller, clientId: number, productTypeId: number) {
  await accountOf(caller, clientId, productTypeId);
  const { data } = await MembershipLot.query.byClient({ tenantId: caller.tenantId, clientId, productTypeId }).go({ pages: "all", order: "desc" });
  return data.map(lotView);
}

/** membershipsave: account (type 1) or RCI (type 2) settings; a blank password keeps the stored one. Answers the client whose account it set. */
export async function saveMembershipAccount(caller: Caller, input: MembershipAccountInput): Promise<number> {
  const a = await accountOf(caller, input.id, input.productTypeId);
  const key = { tenantId: caller.tenantId, clientId: a.clientId, productTypeId: a.productTypeId };
  const set =
    input.type === 1
      ? { account: input.account, ...(input.password ? { password: seal(input.password, caller.tenantId) } : {}) }
      : { rciId: input.rciId, rciAccount: input.rciAccount, ...(input.rciPassword ? { rciPassword: seal(input.rciPassword, caller.tenantId) } : {}) };
  await MembershipAccount.patch(key)
    .set({ ...set, updateTime: formatDateTime() })
    .go();
  return a.clientId;
}

/**
 * The decrypted password (type 1) or RCI password (type 2), and the client whose account it is:
 * the route checks the right and logs that client (never the id the request claimed).
 */
export async function revealPassword(caller: Caller, input: PasswordRevealInput): Promise<{ password: string; clientId: number }> {
  const a = await accountOf(caller, input.clientId, input.productTypeId);
  return { password: open((input.type === 2 ? a.rciPassword : a.password) ?? "", caller.tenantId), clientId: a.clientId };
}

/** shipdurationsave: a lot's expiry (R301, R302). Answers the lot it changed. */
export async function saveShipDuration(caller: Caller, input: ShipDurationInput): Promise<number> {
  const { data } = await MembershipLot.query.byId({ tenantId: caller.tenantId, id: input.id }).go({ limit: 1 });
  const lot = data[0];
  if (!lot) throw new DomainError(NO_LOT, "404");
  // With its history entry; conditioned on the expiry read, so two edits at once cannot both pass on one
  // read; the member level follows the new expiry in the same transaction (on the client's revision).
  const key = { tenantId: caller.tenantId, clientId: lot.clientId, productTypeId: lot.productTypeId };
  await retryRaces(async () => {
    const client = await visibleClient(caller, lot.clientId);
    const level = await levelFromLots(client, { expiry: { lotId: lot.id, shipDuration: expiryOf(input.shipDuration) } });
    await transact([
      ...setExpiryItems(key, lot.id, input.shipDuration, lot.shipDuration, {
        reason: "修改有效期",
        source: "membershipLot",
        sourceId: lot.id,
        operator: who(caller),
      }),
      ...levelChangeItems(client, level),
    ]);
  }, [CLIENT_CHANGED]);
  return lot.id;
}
