import { BatchWriteCommand, type BatchWriteCommandOutput } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { config } from "@xiangyu/core/kernel/config";

/** Bench seeds write whole items 25 to a batch (BatchWriteItem's limit), putting back what DynamoDB left unprocessed. */
export const BATCH = 25;

export async function putBatch(items: Record<string, unknown>[], what: string, attempts: number): Promise<void> {
  let request: Record<string, any> | undefined = { [config.table]: items.map((Item) => ({ PutRequest: { Item } })) };
  for (let attempt = 0; request && Object.keys(request).length; attempt++) {
    if (attempt === attempts) throw new Error(`${what}: items left unprocessed after ${attempts} attempts`);
    const res: BatchWriteCommandOutput = await dynamo().send(new BatchWriteCommand({ RequestItems: request }));
    request = res.UnprocessedItems;
  }
}
