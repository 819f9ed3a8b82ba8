import { describe, expect, it } from "vitest";
import { documentOutput, wireInput } from "../src/kernel/dynamoLite/marshalling.ts";

const item = {
  pk: "t1#Client",
  n: 42,
  price: 12.5,
  big: 2n ** 60n,
  ok: true,
  none: null,
  gone: undefined,
  tags: new Set(["a", "b"]),
  nested: { list: [1, "x", { deep: false }], empty: "" },
};
const wire = {
  pk: { S: "t1#Client" },
  n: { N: "42" },
  price: { N: "12.5" },
  big: { N: "1152921504606846976" },
  ok: { BOOL: true },
  none: { NULL: true },
  tags: { SS: ["a", "b"] },
  nested: { M: { list: { L: [{ N: "1" }, { S: "x" }, { M: { deep: { BOOL: false } } }] }, empty: { S: "" } } },
};
const { gone: _gone, ...stored } = item;

describe("dynamoLite marshalling", () => {
  it("writes an item as attribute values, undefined left out, and reads it back as it was", () => {
    const put = wireInput("PutItem", { TableName: "t", Item: item, ConditionExpression: "attribute_not_exists(pk)", ExpressionAttributeValues: { ":a": 1 } });
    expect(put).toEqual({ TableName: "t", Item: wire, ConditionExpression: "attribute_not_exists(pk)", ExpressionAttributeValues: { ":a": { N: "1" } } });
    expect(documentOutput("GetItem", { Item: wire })).toEqual({ Item: stored });
  });

  it("converts the keys and items of batches and transactions, and what DynamoDB left unprocessed", () => {
    const key = { pk: "a", sk: "b" };
    const wKey = { pk: { S: "a" }, sk: { S: "b" } };
    expect(wireInput("BatchGetItem", { RequestItems: { t: { Keys: [key, key], ProjectionExpression: "pk" } } })).toEqual({
      RequestItems: { t: { Keys: [wKey, wKey], ProjectionExpression: "pk" } },
    });
    expect(wireInput("BatchWriteItem", { RequestItems: { t: [{ PutRequest: { Item: { ...key, n: 1 } } }, { DeleteRequest: { Key: key } }] } })).toEqual({
      RequestItems: { t: [{ PutRequest: { Item: { ...wKey, n: { N: "1" } } } }, { DeleteRequest: { Key: wKey } }] },
    });
    const tx = wireInput("TransactWriteItems", {
      TransactItems: [
        { ConditionCheck: { TableName: "t", Key: key, ConditionExpression: "#n = :n", ExpressionAttributeValues: { ":n": 2 } } },
        { Put: { TableName: "t", Item: key } },
      ],
    });
    expect(tx).toEqual({
      TransactItems: [
        { ConditionCheck: { TableName: "t", Key: wKey, ConditionExpression: "#n = :n", ExpressionAttributeValues: { ":n": { N: "2" } } } },
        { Put: { TableName: "t", Item: wKey } },
      ],
    });
    expect(documentOutput("BatchGetItem", { Responses: { t: [wKey] }, UnprocessedKeys: { t: { Keys: [wKey] } } })).toEqual({
      Responses: { t: [key] },
      UnprocessedKeys: { t: { Keys: [key] } },
    });
    expect(documentOutput("BatchWriteItem", { UnprocessedItems: { t: [{ DeleteRequest: { Key: wKey } }] } })).toEqual({
      UnprocessedItems: { t: [{ DeleteRequest: { Key: key } }] },
    });
  });

  it("reads a page of a query and takes its last key back as the next page's start", () => {
    const page = documentOutput("Query", { Items: [wire], Count: 1, ScannedCount: 3, LastEvaluatedKey: { pk: { S: "a" }, sk: { S: "b" } } });
    expect(page).toEqual({ Items: [stored], Count: 1, ScannedCount: 3, LastEvaluatedKey: { pk: "a", sk: "b" } });
    expect(wireInput("Query", { Select: "COUNT", ExclusiveStartKey: page.LastEvaluatedKey })).toEqual({ Select: "COUNT", ExclusiveStartKey: { pk: { S: "a" }, sk: { S: "b" } } });
  });

  it("refuses the legacy non-expression parameters instead of sending them unconverted", () => {
    expect(() => wireInput("Query", { KeyConditions: {} })).toThrow(/KeyConditions/);
    expect(() => wireInput("PutItem", { Item: { pk: "a" }, Expected: {} })).toThrow(/Expected/);
  });

  it("refuses values DynamoDB cannot hold, as the SDK does", () => {
    expect(() => wireInput("PutItem", { Item: { n: Number.NaN } })).toThrow();
    expect(() => wireInput("PutItem", { Item: { s: new Set() } })).toThrow();
  });
});
