import { TransactWriteCommand, type TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "./aws.ts";
import { DomainError } from "./errors.ts";

/**
 * Transactions made of ElectroDB `.params()` and raw items. Every write that must move
 * together with another (an item and its list total, a booking and the rooms it takes) goes here.
 */
type Params = Record<string, any>;
export type TxItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number] & { failMessage?: string };

const strip = ({ ReturnValues: _r, ...rest }: Params) => rest;

export const txPut = (params: Params, failMessage?: string): TxItem => ({ Put: strip(params) as any, failMessage });
export const txUpdate = (params: Params, failMessage?: string): TxItem => ({ Update: strip(params) as any, failMessage });
export const txDelete = (params: Params, failMessage?: string): TxItem => ({ Delete: strip(params) as any, failMessage });
export const txCheck = (params: Params, failMessage: string): TxItem => ({ ConditionCheck: strip(params) as any, failMessage });

/** Runs the items as one transaction; a failed condition becomes the item's own message. */
export async function transact(items: TxItem[]): Promise<void> {
  if (items.length === 0) return;
  if (items.length > 100) throw new Error("a transaction takes at most 100 items");
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items.map(({ failMessage: _f, ...i }) => i) }));
  } catch (e: any) {
    if (e?.name === "TransactionCanceledException") {
      const reasons: Array<{ Code?: string }> = e.CancellationReasons ?? [];
      const i = reasons.findIndex((r) => r?.Code === "ConditionalCheckFailed");
      if (i >= 0) throw new DomainError(items[i]?.failMessage ?? "数据已被修改，请刷新后重试", "409");
      if (reasons.some((r) => r?.Code === "TransactionConflict")) throw new DomainError("操作冲突，请重试", "409");
    }
    throw e;
  }
}

export const isConditionalFailure = (e: unknown): boolean =>
  (e as any)?.name === "ConditionalCheckFailedException" || (e as any)?.cause?.name === "ConditionalCheckFailedException";
