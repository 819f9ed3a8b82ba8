import { BatchGetCommand, type BatchGetCommandOutput, type BatchGetCommandInput } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "../kernel/aws.ts";
import { config } from "../kernel/config.ts";

/**
 * Items of the table by key, whatever their entity: BatchGetItem in chunks of 100 (its limit), run
 * in parallel, unprocessed keys asked again. Missing items are simply absent from the answer.
 */
export async function batchGet(keys: Array<Record<string, string>>): Promise<Array<Record<string, unknown>>> {
  const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
  const out: Array<Record<string, unknown>> = [];
  const chunks: Array<Array<Record<string, string>>> = [];
  for (let i = 0; i < unique.length; i += 100) chunks.push(unique.slice(i, i + 100));
  await Promise.all(
    chunks.map(async (chunk) => {
      let request: BatchGetCommandInput["RequestItems"] | undefined = { [config.table]: { Keys: chunk } };
      for (let attempt = 0; request && Object.keys(request).length && attempt < 5; attempt++) {
        const res: BatchGetCommandOutput = await dynamo().send(new BatchGetCommand({ RequestItems: request }));
        out.push(...(res.Responses?.[config.table] ?? []));
        request = res.UnprocessedKeys;
      }
    }),
  );
  return out;
}
