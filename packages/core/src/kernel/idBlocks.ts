import { nextIds } from "./counters.ts";

/**
 * Ids for writes that come in crowds (a lottery draw), reserved per container in blocks, so a crowd
 * does not update the tenant's counter item once per write (in AWS one item takes about 1,000 writes
 * a second). A block is sized by the demand since the last one (1 to `max`), so a quiet moment still
 * takes one id at a time, and it lapses after `ttlMs`, so ids stay close to time order ("newest
 * first" by id; real time, not the business clock tests move). Ids of a lapsed block are skipped:
 * ids are unique, not dense.
 */
type Block = { next: number; end: number; until: number };
type State = { block: Block | null; refill: Promise<void> | null; demand: number };

export function idBlocks(entity: string, max = 20, ttlMs = 1000): (tenantId: string) => Promise<number> {
  const states = new Map<string, State>();
  return async function takeId(tenantId: string): Promise<number> {
    let s = states.get(tenantId);
    if (!s) states.set(tenantId, (s = { block: null, refill: null, demand: 0 }));
    s.demand++;
    for (;;) {
      const b = s.block;
      if (b && b.next <= b.end && Date.now() < b.until) {
        s.demand--;
        return b.next++;
      }
      if (!s.refill) {
        const state = s;
        const size = Math.min(max, Math.max(1, state.demand));
        state.refill = nextIds(tenantId, entity, size)
          .then((first) => {
            state.block = { next: first, end: first + size - 1, until: Date.now() + ttlMs };
          })
          .finally(() => {
            state.refill = null;
          });
      }
      try {
        await s.refill;
      } catch (e) {
        s.demand--;
        throw e;
      }
    }
  };
}
