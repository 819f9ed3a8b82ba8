import { cancellationReasons, sendTransaction, type TxItem } from "../../kernel/tx.ts";

/**
 * Writes many small all-or-nothing groups (one client and its keys) in few transactions: up to
 * 100 items per call. When a group's condition fails (a mobile the shop already has), DynamoDB
 * cancels the whole call and names the failing items; those groups are reported and the others
 * are sent again. Each group stays atomic, and a file of good rows costs one call per ~20 clients.
 */
const MAX_ITEMS = 100;

export type GroupOutcome = { ok: boolean; failMessage?: string };

export async function writeGroups(groups: TxItem[][]): Promise<GroupOutcome[]> {
  const out: GroupOutcome[] = groups.map(() => ({ ok: false }));
  let pending = groups.map((_, i) => i);
  for (let attempt = 0; pending.length > 0; attempt++) {
    const calls = pack(pending, groups);
    const retry: number[] = [];
    for (const call of calls) {
      const items = call.flatMap((g) => groups[g]!);
      try {
        // One attempt: a cancelled call is answered here group by group, not by transact's retries.
        await sendTransaction(items);
        for (const g of call) out[g] = { ok: true };
      } catch (e) {
        const reasons = cancellationReasons(e);
        if (!reasons || attempt > 8) throw e;
        let at = 0;
        for (const g of call) {
          const size = groups[g]!.length;
          const failed = reasons.slice(at, at + size).findIndex((r) => r?.Code === "ConditionalCheckFailed");
          if (failed >= 0) out[g] = { ok: false, failMessage: groups[g]![failed]!.failMessage };
          else retry.push(g);
          at += size;
        }
        if (reasons.some((r) => r?.Code === "TransactionConflict" || r?.Code === "ThrottlingError")) await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
      }
    }
    pending = retry;
  }
  return out;
}

/** Groups packed into calls of at most 100 items, in order. */
function pack(indexes: number[], groups: TxItem[][]): number[][] {
  const calls: number[][] = [];
  let cur: number[] = [];
  let size = 0;
  for (const g of indexes) {
    const n = groups[g]!.length;
    if (size + n > MAX_ITEMS && cur.length) {
      calls.push(cur);
      cur = [];
      size = 0;
    }
    cur.push(g);
    size += n;
  }
  if (cur.length) calls.push(cur);
  return calls;
}
