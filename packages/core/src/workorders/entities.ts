import { Entity, type EntityItem } from "electrodb";
import { SERVICE, entityConfig, idAttribute, clientRefAttributes } from "../kernel/entity.ts";

/**
 * A telephone-invitation work order (spec 001 §3 "Work order"): one client's invitation, appointment,
 * visit and purchase decision, moved by the state machine (rules.ts). `code` is the four-digit
 * status (R324) the lists filter on; `locked` is 1 once a purchase was created (R330).
 *
 * Keys (docs/workorders.md "Lists"): by id in the tenant's own partition (newest first); gsi1 by store
 * and code (the list filtered by store and status is one Query); gsi2 by client (the per-client table,
 * the view by clientId); gsi3 by inviter (an inviter's own work orders, R: data scope "self").
 */
export const WorkOrder = new Entity(
  {
    model: { entity: "workOrder", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      ...clientRefAttributes,
      /** The client's store when the work order was made (department code): who may see it. */
      shop: { type: "string", required: true },
      /** The inviter the client is assigned to (user id; 0 none): an inviter sees only theirs. */
      bookingUser: { type: "number", default: 0 },
      bookingUserName: { type: "string", default: "" },
      bookingStoreClientId: { type: "number", default: 0 },
      code: { type: "string", required: true },
      status: { type: "number", default: 0 },
      isAppointment: { type: "number", default: 0 },
      appointmentTime: { type: "string", default: "" },
      appointmentAdrress: { type: "string", default: "" },
      appointmentRemark: { type: "string", default: "" },
      bePresent: { type: "number", default: 0 },
      arrivalTime: { type: "string", default: "" },
      arrivalRemark: { type: "string", default: "" },
      receptionStaff: { type: "string", default: "" },
      isQualified: { type: "number", default: 0 },
      unpualifiedReason: { type: "string", default: "" },
      isBuy: { type: "number", default: 0 },
      buyTIme: { type: "string", default: "" },
      saleUser: { type: "string", default: "" },
      notBuyReason: { type: "string", default: "" },
      isBuyPassed: { type: "number", default: 0 },
      notBuyReasonPassed: { type: "string", default: "" },
      /** The purchase (buyInfo) the last buy created; 0 none. */
      buylistId: { type: "number", default: 0 },
      /** 1 while the purchase is alive (R330); a failed review lets a save create a new one. */
      locked: { type: "number", default: 0 },
      /** Remark records (R346): {id, remarkType, recordTime, recordType, remark, userName}. */
      remarkInfo: {
        type: "list",
        items: {
          type: "map",
          properties: {
            id: { type: "number" },
            remarkType: { type: "number" },
            recordTime: { type: "string" },
            recordType: { type: "string" },
            remark: { type: "string" },
            userName: { type: "string" },
          },
        },
        default: () => [],
      },
      branchId: { type: "number", default: 0 },
      createUser: { type: "string", default: "" },
      createTime: { type: "string", default: "" },
      updateTime: { type: "string", default: "" },
      /** Bumped by every write: saves are conditioned on it, so two saves of one version cannot both win. */
      rev: { type: "number", default: 0 },
    },
    indexes: {
      byId: { scope: "workOrder", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
      byShopCode: { scope: "workOrder", index: "gsi1", pk: { field: "gsi1pk", composite: ["tenantId", "shop", "code"] }, sk: { field: "gsi1sk", composite: ["id"] } },
      byClient: { scope: "workOrder", index: "gsi2", pk: { field: "gsi2pk", composite: ["tenantId", "clientId"] }, sk: { field: "gsi2sk", composite: ["id"] } },
      byUser: { scope: "workOrder", index: "gsi3", pk: { field: "gsi3pk", composite: ["tenantId", "bookingUser"] }, sk: { field: "gsi3sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);
export type WorkOrderItem = EntityItem<typeof WorkOrder>;

/** Work orders per store and code, moved in every save's and delete's transaction: the list's totals and partitions. */
export const WorkOrderTally = new Entity(
  {
    model: { entity: "workOrderTally", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      shop: { type: "string", required: true },
      code: { type: "string", required: true },
      n: { type: "number", default: 0 },
      /** Grows with every write that moves the tally: with `changedAt`, the version of the lists it covers (kernel/mergedPages.ts). */
      moves: { type: "number", default: 0 },
      changedAt: { type: "number", default: 0 },
    },
    indexes: {
      byTenant: { scope: "workOrderTally", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["shop", "code"] } },
    },
  },
  entityConfig(),
);

/**
 * A phone-invitation task (the spec's booking-call work order, docs/gaps.md §3): a store's clients assigned
 * to one inviter. Its clients are its assignments (Assignment byTask); `bookingtotal` counts them and
 * `booked` those invited since, both moved in the transactions that move the assignments.
 */
export const BookingTask = new Entity(
  {
    model: { entity: "bookingTask", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      id: idAttribute,
      shop: { type: "string", required: true },
      bookingUser: { type: "number", required: true },
      bookingUserName: { type: "string", default: "" },
      bookingtotal: { type: "number", default: 0 },
      booked: { type: "number", default: 0 },
      createUser: { type: "string", default: "" },
      createTime: { type: "string", default: "" },
      rev: { type: "number", default: 0 },
    },
    indexes: {
      byId: { scope: "bookingTask", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);
export type BookingTaskItem = EntityItem<typeof BookingTask>;

/**
 * A client's assignment to an inviter (one per client: assigning again moves it). The inviter's own
 * task list reads gsi1, a task's assignment list gsi2; `lastInviteTime` is the transfer list's date.
 */
export const Assignment = new Entity(
  {
    model: { entity: "woAssignment", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      clientId: { type: "number", required: true, padding: { length: 12, char: "0" } },
      taskId: { type: "number", required: true, padding: { length: 12, char: "0" } },
      bookingUser: { type: "number", required: true, padding: { length: 12, char: "0" } },
      bookingUserName: { type: "string", default: "" },
      shop: { type: "string", default: "" },
      clientName: { type: "string", default: "" },
      mobile: { type: "string", default: "" },
      assignTime: { type: "string", default: "" },
      /** Set by each invitation recorded (a remark record of type 1); "" never invited. */
      lastInviteTime: { type: "string", default: "" },
      /** 1 once invited after this assignment (the task's booked count moved). */
      invited: { type: "number", default: 0 },
    },
    indexes: {
      byClient: { scope: "woAssignment", pk: { field: "pk", composite: ["tenantId", "clientId"] }, sk: { field: "sk", composite: [] } },
      byUser: { scope: "woAssignment", index: "gsi1", pk: { field: "gsi1pk", composite: ["tenantId", "bookingUser"] }, sk: { field: "gsi1sk", composite: ["clientId"] } },
      byTask: { scope: "woAssignment", index: "gsi2", pk: { field: "gsi2pk", composite: ["tenantId", "taskId"] }, sk: { field: "gsi2sk", composite: ["clientId"] } },
    },
  },
  entityConfig(),
);
export type AssignmentItem = EntityItem<typeof Assignment>;

/**
 * Where the nightly fold of due days into the overdue totals stands, one per tenant (workorders/overdue.ts):
 * `through` the last day whose due totals are closed — a save touching a day up to it moves the
 * overdue totals instead — and `done` the last day all of whose stores' due totals were added to them.
 */
export const WorkOrderFold = new Entity(
  {
    model: { entity: "workOrderFold", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      through: { type: "string", default: "" },
      done: { type: "string", default: "" },
    },
    indexes: {
      byTenant: { scope: "workOrderFold", pk: { field: "pk", composite: ["tenantId"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
);
