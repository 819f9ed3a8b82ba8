import { Assignment, BookingTask, type AssignmentItem, type BookingTaskItem } from "./entities.ts";
import { BOOKING_MSG, type BookingListQuery, type BookingSaveInput } from "./schemas.ts";
import { ownOnly } from "./service.ts";
import { Client, type ClientItem } from "../clients/entities.ts";
import { assertShopWritable, shopPrefixes } from "../clients/scope.ts";
import { UserDept } from "../users/entities.ts";
import { getUser } from "../users/read.ts";
import { readRoles } from "../users/read.ts";
import { inReach, shopCondition, withinPrefixes } from "../kernel/dataScope.ts";
import { boundedList } from "../kernel/list.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { mapLimit } from "../kernel/batch.ts";
import { transact, txDelete, txPut, txUpdate, type TxItem } from "../kernel/tx.ts";
import type { Envelope } from "../kernel/envelope.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Caller } from "../kernel/context.ts";
import { allOf } from "../kernel/filter.ts";

/**
 * Phone-invitation tasks (the spec's booking-call work orders, docs/gaps.md §3): a store's clients assigned
 * to one inviter (R312–R319). A client has one assignment at a time; assigning it again moves it. The
 * inviter's own task list is their assignments; inviting a client (a work-order save recording a call)
 * stamps the assignment and moves the task's booked count (service.ts).
 */
export const NO_TASK = "该任务不存在或已被删除";
export const NEVER_INVITED = "从未电邀";
/** The role code of inviters (seeded 电邀员, users/roles.ts); docs/gaps.md's 'booking' names the same role. */
export const INVITER_ROLE = "inviter";
/** The transfer list shows at most this many of a store's clients (newest first), plus the task's own. */
export const TRANSFER_CAP = 500;
/** Clients assigned per transaction (each moves its assignment and at most two tasks' counts). */
const CHUNK = 40;

const roleCodeOf = (userRole: string) => (!userRole || userRole === "booking" ? INVITER_ROLE : userRole);

async function visibleTask(caller: Caller, id: number): Promise<BookingTaskItem> {
  const t = (await BookingTask.get({ tenantId: caller.tenantId, id }).go()).data;
  if (!t || !(ownOnly(caller) ? t.bookingUser === caller.userId : inReach(caller, t.shop))) throw new DomainError(NO_TASK, "404");
  return t;
}

/** Inviters (R316, R317): users of the store's department or below holding the role named by userRole. */
export async function businessmen(caller: Caller, q: { userRole: string; shop: string }) {
  const { tenantId } = caller;
  const shop = q.shop;
  if (shop && !inReach(caller, shop)) throw new DomainError("你没有该部门的操作权限", "403");
  const code = roleCodeOf(q.userRole);
  const roles = [...(await readRoles(tenantId)).values()].filter((r) => r.code === code).map((r) => r.id);
  if (!roles.length) return [];
  const query = shop ? UserDept.query.byDept({ tenantId }).begins({ deptCode: shop }) : UserDept.query.byDept({ tenantId });
  const { data } = await query.go({ pages: "all", attributes: ["userId", "deptCode"] } as never);
  const ids = [...new Set((data as Array<{ userId: number; deptCode: string }>).filter((d) => shop || inReach(caller, d.deptCode)).map((d) => d.userId))].slice(0, 500);
  const users = (await mapLimit(ids, (id) => getUser(tenantId, id))).filter((u) => !!u && u.status === 1 && (u.roleIds ?? []).some((r) => roles.includes(r)));
  return users.map((u) => ({ id: u!.id, realname: u!.realname || u!.username, username: u!.username, mobile: u!.mobile ?? "", deptCodes: u!.deptCodes ?? [] }));
}
export type BusinessmanView = Awaited<ReturnType<typeof businessmen>>[number];

/** The task as the form edits it: its store, inviter and clients (bookingstoreclient). */
export async function viewTask(caller: Caller, id: number) {
  const t = await visibleTask(caller, id);
  const { data } = await Assignment.query.byTask({ tenantId: caller.tenantId, taskId: t.id }).go({ pages: "all", attributes: ["clientId"] } as never);
  return { ...taskView(t), bookingstoreclient: (data as Array<{ clientId: number }>).map((a) => a.clientId) };
}

export type TaskView = ReturnType<typeof taskView>;
export const taskView = ({ tenantId: _t, rev: _r, ...t }: BookingTaskItem) => ({ ...t, completed: (t.bookingtotal ?? 0) > 0 && (t.booked ?? 0) >= (t.bookingtotal ?? 0) ? 1 : 0 });

/**
 * Creates or edits a task. Clients outside the store are dropped (R315); none left → 请选择客户. The
 * inviter must hold the inviter role in the store's department (R316). Each client's assignment moves
 * here (from another task, whose counts go down) in transactions of a few dozen clients.
 */
export async function saveTask(caller: Caller, input: BookingSaveInput): Promise<BookingTaskItem> {
  const { tenantId } = caller;
  assertShopWritable(caller, input.shop);
  const user = await getUser(tenantId, input.bookingUser);
  const inviters = await businessmen(caller, { userRole: INVITER_ROLE, shop: input.shop });
  if (!user || !inviters.some((u) => u.id === user.id)) throw new DomainError(BOOKING_MSG.bookingUser, "400");
  const clients = (await mapLimit(input.bookingstoreclient, async (id) => (await Client.get({ tenantId, id }).go()).data)).filter(
    (c): c is ClientItem => !!c && withinPrefixes([input.shop], c.shop),
  );
  if (!clients.length) throw new DomainError(BOOKING_MSG.clients, "400");

  const before = input.id ? await visibleTask(caller, input.id) : null;
  const now = formatDateTime();
  const id = before?.id ?? (await nextId(tenantId, "bookingTask"));
  const bookingUserName = user.realname || user.username;
  const task: BookingTaskItem = {
    tenantId,
    id,
    shop: input.shop,
    bookingUser: user.id,
    bookingUserName,
    bookingtotal: before?.bookingtotal ?? 0,
    booked: before?.booked ?? 0,
    createUser: before?.createUser ?? (caller.realname || caller.username),
    createTime: before?.createTime ?? now,
    rev: (before?.rev ?? 0) + 1,
  };
  await BookingTask.put(task).go();

  const chosen = new Set(clients.map((c) => c.id));
  const current = (await mapLimit(clients, async (c) => (await Assignment.get({ tenantId, clientId: c.id }).go()).data)) as (AssignmentItem | null)[];
  const dropped = before ? ((await Assignment.query.byTask({ tenantId, taskId: id }).go({ pages: "all" })).data as AssignmentItem[]).filter((a) => !chosen.has(a.clientId)) : [];

  // Per chunk: the assignment writes and one count update per task touched.
  const writes: Array<{ item: TxItem; moves: Array<[number, number, number]> }> = [];
  clients.forEach((c, i) => {
    const a = current[i];
    const same = a?.taskId === id;
    const invited = same ? (a?.invited ?? 0) : 0;
    const moves: Array<[number, number, number]> = [];
    if (!same) moves.push([id, 1, 0]);
    if (a && !same) moves.push([a.taskId, -1, -(a.invited ?? 0)]);
    writes.push({
      item: txPut(
        Assignment.put({
          tenantId,
          clientId: c.id,
          taskId: id,
          bookingUser: user.id,
          bookingUserName,
          shop: c.shop,
          clientName: c.clientName,
          mobile: c.mobile,
          assignTime: same ? (a?.assignTime ?? now) : now,
          lastInviteTime: a?.lastInviteTime ?? "",
          invited,
        }),
      ),
      moves,
    });
  });
  for (const a of dropped)
    writes.push({
      item: txDelete(Assignment.delete({ tenantId, clientId: a.clientId }).where((x, { eq }) => eq(x.taskId, id))),
      moves: [[id, -1, -(a.invited ?? 0)]],
    });
  for (let i = 0; i < writes.length; i += CHUNK) {
    const chunk = writes.slice(i, i + CHUNK);
    const counts = new Map<number, [number, number]>();
    for (const w of chunk)
      for (const [t, total, booked] of w.moves) {
        const c = counts.get(t) ?? [0, 0];
        counts.set(t, [c[0] + total, c[1] + booked]);
      }
    const items = chunk.map((w) => w.item);
    for (const [t, [total, booked]] of counts) if (total || booked) items.push(txUpdate(BookingTask.update({ tenantId, id: t }).add({ bookingtotal: total, booked })));
    await transact(items);
  }
  return (await BookingTask.get({ tenantId, id }).go()).data ?? task;
}

/** Deletes tasks and their assignments (the work orders stay). */
export async function deleteTasks(caller: Caller, ids: readonly number[]): Promise<number[]> {
  const { tenantId } = caller;
  const found: BookingTaskItem[] = [];
  for (const id of ids) {
    const t = (await BookingTask.get({ tenantId, id }).go()).data;
    if (!t) continue;
    assertShopWritable(caller, t.shop);
    found.push(t);
  }
  if (!found.length) throw nothingDeleted(); // R055
  for (const t of found) {
    const { data } = await Assignment.query.byTask({ tenantId, taskId: t.id }).go({ pages: "all" });
    for (let i = 0; i < data.length; i += 90) {
      await transact(data.slice(i, i + 90).map((a) => txDelete(Assignment.delete({ tenantId, clientId: a.clientId }).where((x, { eq }) => eq(x.taskId, t.id)))));
    }
    await BookingTask.delete({ tenantId, id: t.id }).go();
  }
  return found.map((t) => t.id);
}

/** The task list (spec 001 "Phone-invitation task list"): store, inviter, completion; an inviter sees theirs. */
export async function listTasks(caller: Caller, p: Paging, f: Omit<BookingListQuery, "paging">): Promise<Envelope<never, TaskView>> {
  const { tenantId } = caller;
  const prefixes = shopPrefixes(caller, f.shop || undefined);
  const mine = ownOnly(caller) ? caller.userId : f.bookingUser;
  const q = BookingTask.query.byId({ tenantId });
  return boundedList(
    {
      params: (order) =>
        q
          .where((a, op) =>
            allOf(
              shopCondition(op, a.shop, prefixes),
              !!mine && op.eq(a.bookingUser, mine),
              // Attribute against attribute: ElectroDB's comparisons take values, so the names are written out.
              f.status === 1 && allOf(op.gt(a.bookingtotal, 0), `${op.name(a.booked)} >= ${op.name(a.bookingtotal)}`),
              f.status === 2 && `${op.name(a.booked)} < ${op.name(a.bookingtotal)}`,
            ),
          )
          .params({ order }),
      parse: (items) => BookingTask.parse({ Items: items }).data as BookingTaskItem[],
    },
    p,
    { map: taskView },
  );
}

/**
 * The transfer list's clients (R318, R319): the store's clients (newest TRANSFER_CAP) and the task's
 * own, each with its last invitation date (apTime) or 从未电邀.
 */
export async function transferClients(caller: Caller, q: { shop: string; id?: number }) {
  const { tenantId } = caller;
  assertShopWritable(caller, q.shop);
  const { data: shopClients } = await Client.query
    .byShop({ tenantId, shop: q.shop })
    .go({ order: "desc", limit: TRANSFER_CAP, count: TRANSFER_CAP, attributes: ["id", "clientName", "mobile", "shop"] } as never);
  const rows = new Map<number, { id: number; clientName: string; mobile: string }>();
  for (const c of shopClients as Array<{ id: number; clientName: string; mobile: string }>) rows.set(c.id, c);
  if (q.id) {
    const t = await visibleTask(caller, q.id);
    const { data } = await Assignment.query.byTask({ tenantId, taskId: t.id }).go({ pages: "all" });
    for (const a of data)
      if (!rows.has(a.clientId) && withinPrefixes([q.shop], a.shop ?? "")) rows.set(a.clientId, { id: a.clientId, clientName: a.clientName ?? "", mobile: a.mobile ?? "" });
  }
  const list = [...rows.values()];
  const assignments = await mapLimit(list, async (c) => (await Assignment.get({ tenantId, clientId: c.id }).go()).data);
  return list.map((c, i) => {
    const a = assignments[i];
    const apTime = a?.lastInviteTime ? a.lastInviteTime.slice(0, 10) : "";
    return { ...c, apTime, apTimeText: apTime || NEVER_INVITED, taskId: a?.taskId ?? 0, bookingUserName: a?.bookingUserName ?? "" };
  });
}
export type TransferClient = Awaited<ReturnType<typeof transferClients>>[number];

export type AssignmentView = ReturnType<typeof assignmentView>;
export const assignmentView = ({ tenantId: _t, ...a }: AssignmentItem) => ({
  ...a,
  recordTime: a.lastInviteTime,
  status: a.invited ?? 0,
  statusText: a.invited ? "已电邀" : "未电邀",
});

/** A task's assignment list (userbookingstorelist {storeId}: the task's id). */
export async function taskClients(caller: Caller, taskId: number): Promise<AssignmentView[]> {
  const t = await visibleTask(caller, taskId);
  const { data } = await Assignment.query.byTask({ tenantId: caller.tenantId, taskId: t.id }).go({ pages: "all" });
  return data.map(assignmentView);
}

/** The inviter's own task list: the clients assigned to them, filtered by invited (1 invited, 2 not yet). */
export async function myTasks(caller: Caller, p: Paging, invited?: number): Promise<Envelope<never, AssignmentView>> {
  const q = Assignment.query.byUser({ tenantId: caller.tenantId, bookingUser: caller.userId });
  return boundedList(
    {
      params: (order) => q.where((a, op) => (invited === 1 ? op.eq(a.invited, 1) : invited === 2 ? op.eq(a.invited, 0) : "")).params({ order }),
      parse: (items) => Assignment.parse({ Items: items }).data as AssignmentItem[],
    },
    p,
    { map: assignmentView },
  );
}
