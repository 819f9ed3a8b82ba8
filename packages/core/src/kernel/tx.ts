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

export const CONFLICT = "操作冲突，请重试";

/** How often a transaction that lost a race to another one (not a failed condition) is run again. */
const CONFLICT_TRIES = 4;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, 10 + Math.random() * 30 * attempt));

/**
 * Runs the items as one transaction; a failed condition becomes the item's own message. A
 * transaction cancelled only because another one was writing the same items at that instant
 * (TransactionConflict) is run again a few times before answering 操作冲突，请重试.
 */
export async function transact(items: TxItem[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transactOnce(items);
    } catch (e) {
      if (!(e instanceof DomainError && e.desc === CONFLICT) || attempt >= CONFLICT_TRIES) throw e;
      await pause(attempt);
    }
  }
}

async function transactOnce(items: TxItem[]): Promise<void> {
  if (items.length === 0) return;
  if (items.length > 100) throw new Error("a transaction takes at most 100 items");
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items.map(({ failMessage: _f, ...i }) => i) }));
  } catch (e: any) {
    if (e?.name === "TransactionCanceledException") {
      const reasons: Array<{ Code?: string }> = e.CancellationReasons ?? [];
      const i = reasons.findIndex((r) => r?.Code === "ConditionalCheckFailed");
      if (i >= 0) throw new DomainError(items[i]?.failMessage ?? "数据已被修改，请刷新后重试", "409");
      if (reasons.some((r) => r?.Code === "TransactionConflict")) throw new DomainError(CONFLICT, "409");
    }
    throw e;
  }
}

export const isConditionalFailure = (e: unknown): boolean =>
  (e as any)?.name === "ConditionalCheckFailedException" || (e as any)?.cause?.name === "ConditionalCheckFailedException";

/**
 * Runs `attempt` until it commits, running it again (up to `retries` times, after a short random
 * pause) only when it failed with one of `signs` — the messages a concurrent write leaves (a balance
 * that changed between the plan's read and the write, a transaction conflict). Each attempt plans
 * afresh from what it reads. Used by the ledgers' *Now wrappers.
 */
export async function retryRaces<T>(attempt: () => Promise<T>, signs: string[], retries = 12): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (e) {
      if (!(e instanceof DomainError && e.code === "409" && signs.includes(e.desc)) || n >= retries) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 15 * (n + 1)));
    }
  }
}
