import { describe, expect, it } from "vitest";
import { DynamoLite } from "../src/kernel/dynamoLite/client.ts";
import { GetCommand, PutCommand } from "../src/kernel/dynamoLite/commands.ts";
import { httpPost, type Answer, type Transport } from "../src/kernel/dynamoLite/transport.ts";
import { config } from "../src/kernel/config.ts";

/**
 * GetItems of one event-loop turn travel as one BatchGetItem (pointReads.ts): each caller gets
 * the answer its own GetItem would have had, against DynamoDB Local beside a client that does not
 * join reads; what goes over the wire is counted through the client's transport.
 */
const TableName = config.table;
const key = (sk: string) => ({ pk: "points#1", sk });

/** The request every read of a test belongs to (the adapter's log scope in the product). */
const REQUEST = {};

function localClient(joined: boolean, requestOf: () => object | undefined = () => REQUEST) {
  const sent: string[] = [];
  const transport: Transport = (url, headers, body, signal) => {
    sent.push(headers["x-amz-target"]!.replace("DynamoDB_20120810.", ""));
    return httpPost(url, headers, body, signal);
  };
  const client = new DynamoLite({
    endpoint: config.dynamoEndpoint!,
    region: config.region,
    credentials: () => ({ accessKeyId: "local", secretAccessKey: "local" }),
    transport,
    ...(joined ? { requestOf } : {}),
  });
  return { client, sent };
}

/** Reads, each a GetItem input, all started in the same turn. */
const together = (client: DynamoLite, inputs: Array<Record<string, unknown>>) => Promise.all(inputs.map((input) => client.send(new GetCommand(input as never))));
const items = (outs: Array<Record<string, unknown>>) => outs.map((o) => o.Item);

const seeded = (async () => {
  const { client } = localClient(false);
  await client.send(new PutCommand({ TableName, Item: { ...key("a"), name: "甲", n: 1, nested: { deep: 2 }, tags: new Set(["x"]) } }));
  await client.send(new PutCommand({ TableName, Item: { ...key("b"), name: "乙", n: 2 } }));
})();

describe("point reads of one turn", () => {
  it("go out as one BatchGetItem and answer each read as its GetItem would: projections, a missing item, the same key twice", async () => {
    await seeded;
    const reads = [
      { TableName, Key: key("a") },
      { TableName, Key: key("b"), ProjectionExpression: "#n, #name", ExpressionAttributeNames: { "#n": "n", "#name": "name" } },
      { TableName, Key: key("a"), ProjectionExpression: "n" },
      { TableName, Key: key("none") },
      { TableName, Key: key("b"), ConsistentRead: true },
    ];
    const joined = localClient(true);
    const alone = localClient(false);
    const got = await together(joined.client, reads);
    expect(items(got)).toEqual(items(await together(alone.client, reads)));
    expect(items(got)).toEqual([
      { ...key("a"), name: "甲", n: 1, nested: { deep: 2 }, tags: new Set(["x"]) },
      { n: 2, name: "乙" },
      { n: 1 },
      undefined,
      { ...key("b"), name: "乙", n: 2 },
    ]);
    // The consistent read cannot share an eventually consistent batch: it goes in its own call.
    expect(joined.sent.sort()).toEqual(["BatchGetItem", "GetItem"]);
    expect(alone.sent).toEqual(Array(5).fill("GetItem"));
  });

  it("sends a lone read, a nested projection and reads of different turns as GetItems", async () => {
    await seeded;
    const { client, sent } = localClient(true);
    expect((await client.send(new GetCommand({ TableName, Key: key("a"), ProjectionExpression: "nested.deep" }))).Item).toEqual({ nested: { deep: 2 } });
    const [nested, plain] = await together(client, [
      { TableName, Key: key("a"), ProjectionExpression: "nested.deep" },
      { TableName, Key: key("b"), ProjectionExpression: "n" },
    ]);
    expect([nested!.Item, plain!.Item]).toEqual([{ nested: { deep: 2 } }, { n: 2 }]);
    await client.send(new GetCommand({ TableName, Key: key("b") }));
    expect(sent).toEqual(["GetItem", "GetItem", "GetItem", "GetItem"]);
  });

  it("never joins two requests' reads, nor reads made outside a request", async () => {
    await seeded;
    let serving: object | undefined = { name: "first" };
    const { client, sent } = localClient(true, () => serving);
    const first = client.send(new GetCommand({ TableName, Key: key("a"), ProjectionExpression: "n" }));
    serving = { name: "second" };
    const second = client.send(new GetCommand({ TableName, Key: key("b"), ProjectionExpression: "n" }));
    serving = undefined;
    const outside = [client.send(new GetCommand({ TableName, Key: key("a") })), client.send(new GetCommand({ TableName, Key: key("b") }))];
    expect(items(await Promise.all([first, second, ...outside]))).toEqual([{ n: 1 }, { n: 2 }, expect.objectContaining({ n: 1 }), expect.objectContaining({ n: 2 })]);
    expect(sent).toEqual(Array(4).fill("GetItem"));
  });

  it("fails only the read whose key is invalid", async () => {
    await seeded;
    const { client, sent } = localClient(true);
    const outs = await Promise.allSettled([
      client.send(new GetCommand({ TableName, Key: key("a"), ProjectionExpression: "n" })),
      client.send(new GetCommand({ TableName, Key: { pk: "points#1", sk: 7 } as never })),
    ]);
    expect(outs[0]).toMatchObject({ status: "fulfilled", value: { Item: { n: 1 } } });
    expect(outs[1]).toMatchObject({ status: "rejected", reason: { name: "ValidationException" } });
    expect(sent).toEqual(["BatchGetItem", "GetItem", "GetItem"]);
  });
});

describe("point reads against a stand-in", () => {
  const answer = (body: unknown): Answer => ({ status: 200, headers: { "x-amzn-requestid": "R" }, text: JSON.stringify(body) });

  it("reads keys left unprocessed one by one, and a failed batch fails its reads", async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const answers = [
      answer({ Responses: { t: [{ pk: { S: "a" }, v: { N: "1" } }] }, UnprocessedKeys: { t: { Keys: [{ pk: { S: "b" } }] } } }),
      answer({ Item: { pk: { S: "b" }, v: { N: "2" } } }),
      { status: 500, headers: {}, text: JSON.stringify({ __type: "#InternalServerError", message: "down" }) },
    ];
    const transport: Transport = async (_url, _headers, body) => {
      bodies.push(JSON.parse(body) as Record<string, unknown>);
      return answers.shift() ?? answers[0]!;
    };
    const client = new DynamoLite({
      endpoint: "https://dynamodb.ap-east-1.amazonaws.com",
      region: "ap-east-1",
      credentials: () => ({ accessKeyId: "A", secretAccessKey: "S" }),
      transport,
      maxAttempts: 1,
      requestOf: () => REQUEST,
    });
    const outs = await together(client, [
      { TableName: "t", Key: { pk: "a" } },
      { TableName: "t", Key: { pk: "b" } },
    ]);
    expect(items(outs)).toEqual([
      { pk: "a", v: 1 },
      { pk: "b", v: 2 },
    ]);
    expect(bodies[0]).toEqual({ RequestItems: { t: { Keys: [{ pk: { S: "a" } }, { pk: { S: "b" } }] } } });
    expect(bodies[1]).toEqual({ TableName: "t", Key: { pk: { S: "b" } } });
    const failed = await Promise.allSettled([client.send(new GetCommand({ TableName: "t", Key: { pk: "c" } })), client.send(new GetCommand({ TableName: "t", Key: { pk: "d" } }))]);
    expect(failed.map((f) => f.status)).toEqual(["rejected", "rejected"]);
  });
});
