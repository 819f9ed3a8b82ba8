import { nowMs } from "./clock.ts";

/**
 * Reads a container keeps for a while, by key (a tenant's roles, its menu, a function, a lottery's
 * setup). The read itself is kept, not only its answer, so callers arriving while it is in flight
 * share it; a failed read is dropped, so the next caller reads again; `forget` drops a kept read,
 * in flight or not, after a write. At `max` entries the whole store is cleared: each entry costs one
 * read to learn again.
 */
export class KeptReads<T> {
  private readonly kept = new Map<string, { at: number; read: Promise<T> }>();

  constructor(
    private readonly keepMs: number,
    private readonly max = 5000,
    private readonly now: () => number = nowMs,
  ) {}

  /** The kept read of `key` while it is fresh, else none. */
  peek(key: string): Promise<T> | undefined {
    const hit = this.kept.get(key);
    return hit && this.now() - hit.at < this.keepMs ? hit.read : undefined;
  }

  /** The kept read of `key`, or `read()` started and kept. */
  get(key: string, read: () => Promise<T>): Promise<T> {
    const hit = this.peek(key);
    if (hit) return hit;
    if (this.kept.size >= this.max) this.kept.clear();
    const started = read();
    this.kept.set(key, { at: this.now(), read: started });
    started.catch(() => this.kept.get(key)?.read === started && this.kept.delete(key));
    return started;
  }

  forget(key: string): void {
    this.kept.delete(key);
  }

  /** Drops every kept read whose key passes `test` (a tenant's, after a write to them). */
  forgetWhere(test: (key: string) => boolean): void {
    for (const key of this.kept.keys()) if (test(key)) this.kept.delete(key);
  }
}
