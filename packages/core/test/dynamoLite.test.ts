import { describe, expect, it } from "vitest";
import { BatchGetCommand, BatchWriteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import * as lite from "../src/kernel/dynamoLite/commands.ts";
import { DynamoLite } from "../src/kernel/dynamoLite/client.ts";
import { httpPost, type Transport } from "../src/kernel/dynamoLite/transport.ts";
import { dynamo } from "../src/kernel/aws.ts";
import { config } from "../src/kernel/config.ts";
import { cancellationReasons, isConditionalFailure, transact } from "../src/kernel/tx.ts";

/** The lite client against DynamoDB Local: what the code and ElectroDB read of its answers and errors. */
const TableName = config.table;
// The small client is opt-in (kernel/aws.ts): this file asks for it before the client is first built.
process.env.XY_DYNAMO_CLIENT = "lite";
const db = dynamo();
/** The same client, typed as itself: it sends its own command classes as well as the SDK's. */
const liteDb = db as unknown as DynamoLite;
const key = (pk: string, sk: string) => ({ pk, sk });

describe("dynamoLite against DynamoDB Local", () => {
  it("is the client dynamo() gives", () => {
    expect(db).toBeInstanceOf(DynamoLite);
  });

  it("writes and reads an item, numbers as numbers and sets as Sets, with the SDK's commands and its own", async () => {
    await db.send(new PutCommand({ TableName, Item: { ...key("lite#1", "a"), n: 1, tags: new Set(["x"]), gone: undefined } }));
    const updated = await liteDb.send(
      new lite.UpdateCommand({ TableName, Key: key("lite#1", "a"), UpdateExpression: "SET n = n + :one", ExpressionAttributeValues: { ":one": 1 }, ReturnValues: "ALL_NEW" }),
    );
    expect(updated.Attributes).toEqual({ ...key("lite#1", "a"), n: 2, tags: new Set(["x"]) });
    expect((await db.send(new GetCommand({ TableName, Key: key("lite#1", "a"), ConsistentRead: true }))).Item).toEqual(updated.Attributes);
    expect((await liteDb.send(new lite.GetCommand({ TableName, Key: key("lite#1", "none") }))).Item).toBeUndefined();
  });

  it("refuses a failed condition as ConditionalCheckFailedException, the old item given when asked", async () => {
    const put = () =>
      db.send(
        new PutCommand({ TableName, Item: { ...key("lite#2", "a"), n: 1 }, ConditionExpression: "attribute_not_exists(pk)", ReturnValuesOnConditionCheckFailure: "ALL_OLD" }),
      );
    await put();
    const e = await put().catch((x: unknown) => x);
    expect(isConditionalFailure(e)).toBe(true);
    expect(e).toMatchObject({ name: "ConditionalCheckFailedException", $metadata: { httpStatusCode: 400 }, Item: { pk: { S: "lite#2" }, n: { N: "1" } } });
  });

  it("cancels a transaction with one reason per item, and transact() answers the failed item's message", async () => {
    const items = [
      { Put: { TableName, Item: { ...key("lite#3", "a"), n: 1 } } },
      { ConditionCheck: { TableName, Key: key("lite#2", "a"), ConditionExpression: "n = :n", ExpressionAttributeValues: { ":n": 99 } } },
    ];
    const e = await db.send(new TransactWriteCommand({ TransactItems: items })).catch((x: unknown) => x);
    expect(e).toMatchObject({ name: "TransactionCanceledException", $metadata: { httpStatusCode: 400 } });
    expect(cancellationReasons(e)?.map((r) => r.Code)).toEqual(["None", "ConditionalCheckFailed"]);
    await expect(transact([items[0]!, { ...items[1]!, failMessage: "余额已变化" }])).rejects.toMatchObject({ desc: "余额已变化", code: "409" });
    expect((await db.send(new GetCommand({ TableName, Key: key("lite#3", "a") }))).Item).toBeUndefined();
  });

  it("writes and reads batches, and pages a query with its last key", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ ...key("lite#4", `r${String(i).padStart(2, "0")}`), i }));
    for (let at = 0; at < rows.length; at += 25) {
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [TableName]: rows.slice(at, at + 25).map((Item) => ({ PutRequest: { Item } })) } }));
      expect(out.UnprocessedItems ?? {}).toEqual({});
    }
    const got = await db.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: rows.map((r) => key(r.pk, r.sk)), ProjectionExpression: "sk, i" } } }));
    expect(got.Responses?.[TableName]?.map((r) => r.i).sort((a, b) => a - b)).toEqual(rows.map((r) => r.i));
    const query = { TableName, KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": "lite#4" } };
    const seen: number[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db.send(new QueryCommand({ ...query, Limit: 12, ExclusiveStartKey: start }));
      seen.push(...(page.Items ?? []).map((r) => r.i as number));
      start = page.LastEvaluatedKey;
    } while (start);
    expect(seen).toEqual(rows.map((r) => r.i));
    expect((await db.send(new QueryCommand({ ...query, Select: "COUNT" }))).Count).toBe(30);
  });

  it("answers a transaction that committed but whose answer was lost as committed when it tries again", async () => {
    // The first answer is dropped after DynamoDB committed, as a reset connection drops it; the client tries again.
    let dropped = false;
    const losing: Transport = async (...args) => {
      const answer = await httpPost(...args);
      if (dropped) return answer;
      dropped = true;
      throw Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    };
    const client = new DynamoLite({
      endpoint: config.dynamoEndpoint!,
      region: config.region,
      credentials: () => ({ accessKeyId: "local", secretAccessKey: "local" }),
      transport: losing,
    });
    const out = await client.send(
      new TransactWriteCommand({ TransactItems: [{ Put: { TableName, Item: { ...key("lite#5", "a"), n: 1 }, ConditionExpression: "attribute_not_exists(pk)" } }] }),
    );
    expect(out.$metadata).toMatchObject({ httpStatusCode: 200, attempts: 2 });
    expect((await db.send(new GetCommand({ TableName, Key: key("lite#5", "a"), ConsistentRead: true }))).Item).toEqual({ ...key("lite#5", "a"), n: 1 });
  });

  it("throws DynamoDB's refusal of a malformed request as ValidationException", async () => {
    await expect(db.send(new QueryCommand({ TableName, KeyConditionExpression: "pk = :missing" }))).rejects.toMatchObject({
      name: "ValidationException",
      $metadata: { httpStatusCode: 400 },
    });
  });
});
