import { BatchGetCommand } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "../kernel/aws.ts";
import { config } from "../kernel/config.ts";
import { readEvery } from "../kernel/batch.ts";

type Key = Record<string, string>;

/**
 * Items of the table by key, whatever their entity: BatchGetItem in chunks of 100 (its limit), run
 * in parallel, unprocessed keys asked again (kernel/batch.ts readEvery). Missing items are simply
 * absent from the answer.
 */
export async function batchGet(keys: Key[]): Promise<Array<Record<string, unknown>>> {
  const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
  const chunks: Key[][] = [];
  for (let i = 0; i < unique.length; i += 100) chunks.push(unique.slice(i, i + 100));
  const read = async (chunk: Key[]) => {
    const res = await dynamo().send(new BatchGetCommand({ RequestItems: { [config.table]: { Keys: chunk } } }));
    return { data: res.Responses?.[config.table] ?? [], unprocessed: (res.UnprocessedKeys?.[config.table]?.Keys ?? []) as Key[] };
  };
  return (await Promise.all(chunks.map((chunk) => readEvery(read, chunk)))).flat();
}
