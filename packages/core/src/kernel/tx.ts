import type { CancellationReason, TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { TransactWriteCommand, type TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "./aws.ts";
import { DomainError, sdkFailure } from "./errors.ts";

/**
 * Transactions made of ElectroDB operations. Every write that must move together with another (an
 * item and its list total, a booking and the rooms it takes) goes here: an area hands the
 * operation it would otherwise `.go()` (a put, create, update, patch or delete with its `.where()`)
 * to txPut / txUpdate / txDelete / txCheck, with the message a failed condition answers.
 */
type WriteItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];
export type TxItem = WriteItem & { failMessage?: string };

/** An ElectroDB operation not yet run: the chain an area would end with `.go()`. */
type TxOp = { params(): Record<string, unknown> };

/**
 * The SDK input of one transaction item of kind `K`, from the operation's params, without the
 * ReturnValues a transaction item does not take.
 */
function inputOf<K extends keyof WriteItem>(op: TxOp): NonNullable<WriteItem[K]> {
  const { ReturnValues: _r, ...input } = op.params();
  // ElectroDB edge: `.params()` is typed as a loose record; it is the SDK's input of this kind.
  return input as NonNullable<WriteItem[K]>;
}

export const txPut = (op: TxOp, failMessage?: string): TxItem => ({ Put: inputOf<"Put">(op), failMessage });
export const txUpdate = (op: TxOp, failMessage?: string): TxItem => ({ Update: inputOf<"Update">(op), failMessage });
export const txDelete = (op: TxOp, failMessage?: string): TxItem => ({ Delete: inputOf<"Delete">(op), failMessage });

/**
 * A condition on an item the transaction does not write. ElectroDB's Entity builds no ConditionCheck
 * outside its own transactions, so `op` is the item's delete with the condition in its `.where()`:
 * a delete's params are exactly a ConditionCheck's (key, condition, names, values), and only its
 * params are used — nothing is deleted.
 */
export const txCheck = (op: TxOp, failMessage: string): TxItem => ({ ConditionCheck: inputOf<"ConditionCheck">(op), failMessage });

/**
 * An update ElectroDB cannot build, given as the SDK's input: a hotel day keeps its room cells in
 * attributes named per room (hotels/days.ts `cellNames`), which no schema declares. Only for such
 * attributes; anything an entity declares goes through txUpdate.
 */
export const txRawUpdate = (update: NonNullable<WriteItem["Update"]>, failMessage?: string): TxItem => ({ Update: update, failMessage });

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
    await sendTransaction(items);
  } catch (e) {
    const reasons = cancellationReasons(e);
    if (reasons) {
      const i = reasons.findIndex((r) => r?.Code === "ConditionalCheckFailed");
      if (i >= 0) throw new DomainError(items[i]?.failMessage ?? STALE, "409");
      if (reasons.some((r) => r?.Code === "TransactionConflict")) throw new DomainError(CONFLICT, "409");
    }
    throw e;
  }
}

/**
 * Sends the items as one TransactWriteCommand, once, and throws what DynamoDB answered: the one
 * place a transaction is sent. `transact` turns a cancellation into the item's message; the
 * client import (clients/import/bulkWrite.ts) reads the reasons itself, group by group.
 */
export async function sendTransaction(items: readonly TxItem[]): Promise<void> {
  await dynamo().send(new TransactWriteCommand({ TransactItems: items.map(({ failMessage: _f, ...i }) => i) }));
}

/** Why DynamoDB cancelled a transaction, one reason per item in order; null when `e` is no cancellation. */
export function cancellationReasons(e: unknown): CancellationReason[] | null {
  const err = e as Partial<TransactionCanceledException> | null | undefined;
  return err?.name === "TransactionCanceledException" ? (err.CancellationReasons ?? []) : null;
}

export const isConditionalFailure = (e: unknown): boolean =>
  sdkFailure(e).name === "ConditionalCheckFailedException" || sdkFailure(e).cause?.name === "ConditionalCheckFailedException";

/**
 * A single write whose condition a concurrent request broke between the handler's read and its
 * write (an item deleted or changed meanwhile), as the request's answer: the adapter's net for
 * writes not wrapped in `conditional`, so a race answers "changed, refresh", never a 500.
 */
export const STALE = "数据已被修改，请刷新后重试";
export const staleWrite = (e: unknown): DomainError | null => (isConditionalFailure(e) ? new DomainError(STALE, "409") : null);

/** What `conditional` answers for a write its condition refused (nothing was written). */
export const REFUSED: unique symbol = Symbol("refused");

/**
 * A single conditional write (not a transaction: `transact` reads those): what it answered, or
 * REFUSED when its condition refused it; given `refusal`, that error is thrown in its place. Any
 * other failure is thrown as it came. The one way to tell a refused condition from a failure.
 */
export function conditional<T>(write: Promise<T>): Promise<T | typeof REFUSED>;
export function conditional<T>(write: Promise<T>, refusal: Error): Promise<T>;
export async function conditional<T>(write: Promise<T>, refusal?: Error): Promise<T | typeof REFUSED> {
  try {
    return await write;
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
    if (refusal) throw refusal;
    return REFUSED;
  }
}

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
