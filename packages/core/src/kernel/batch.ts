/** How many reads or writes one request runs at once: a long id list never becomes N parallel calls. */
export const REQUEST_CONCURRENCY = 8;

/** `fn` over `items`, at most `limit` at a time, results in the items' order. */
export async function mapLimit<T, R>(items: readonly T[], fn: (item: T, index: number) => Promise<R>, limit = REQUEST_CONCURRENCY): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
