import { WorkOrder, type WorkOrderItem } from "./entities.ts";

/** A work order by id, with no visibility check: for the purchase review, which checks its own. */
export async function getWorkOrder(tenantId: string, id: number): Promise<WorkOrderItem | null> {
  return (await WorkOrder.get({ tenantId, id }).go()).data;
}
