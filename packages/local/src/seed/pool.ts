/** Runs `count` tasks with at most `parallel` in flight: the seed's one way of bounding concurrency. */
export async function pool(count: number, parallel: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
}
