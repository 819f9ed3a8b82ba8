import { describe, expect, it } from "vitest";
import { DynamoLite } from "../src/kernel/dynamoLite/client.ts";
import { BatchGetCommand, GetCommand, TransactWriteCommand } from "../src/kernel/dynamoLite/commands.ts";
import type { Answer, Transport } from "../src/kernel/dynamoLite/transport.ts";

/** The lite client's retries and errors, against a stand-in for DynamoDB's HTTP answers. */
const answer = (status: number, body: unknown): Answer => ({ status, headers: { "x-amzn-requestid": "R1" }, text: JSON.stringify(body) });
const error = (status: number, name: string, message = "m") => answer(status, { __type: `com.amazonaws.dynamodb.v20120810#${name}`, message });

function clientAnswering(...answers: Array<Answer | Error>) {
  const calls: Array<Record<string, string>> = [];
  const bodies: string[] = [];
  const transport: Transport = async (_url, headers, body) => {
    calls.push(headers);
    bodies.push(body);
    const next = answers.shift();
    if (!next) throw new Error("no more answers");
    if (next instanceof Error) throw next;
    return next;
  };
  const client = new DynamoLite({
    endpoint: "https://dynamodb.ap-east-1.amazonaws.com",
    region: "ap-east-1",
    credentials: () => ({ accessKeyId: "A", secretAccessKey: "S" }),
    transport,
  });
  return { client, calls, bodies };
}

describe("dynamoLite retries and errors", () => {
  it("tries a throttled or failing call again, up to three attempts, and answers the one that worked", async () => {
    const { client, calls } = clientAnswering(
      error(400, "ProvisionedThroughputExceededException"),
      Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }),
      answer(200, { Item: { pk: { S: "a" } } }),
    );
    const out = await client.send(new GetCommand({ TableName: "t", Key: { pk: "a" } }));
    expect(out.Item).toEqual({ pk: "a" });
    expect(out.$metadata).toMatchObject({ httpStatusCode: 200, requestId: "R1", attempts: 3 });
    expect(calls).toHaveLength(3);
    expect(calls[0]!["x-amz-target"]).toBe("DynamoDB_20120810.GetItem");
  });

  it("gives up after the third attempt with the last error, shaped as the SDK's", async () => {
    const { client, calls } = clientAnswering(error(500, "InternalServerError"), error(503, "ServiceUnavailable"), error(500, "InternalServerError", "boom"));
    await expect(client.send(new GetCommand({ TableName: "t", Key: { pk: "a" } }))).rejects.toMatchObject({
      name: "InternalServerError",
      message: "boom",
      $fault: "server",
      $metadata: { httpStatusCode: 500, attempts: 3 },
    });
    expect(calls).toHaveLength(3);
  });

  it("throws a refused request at once, with the answer's own fields", async () => {
    const reasons = [{ Code: "None" }, { Code: "ConditionalCheckFailed", Message: "The conditional request failed" }];
    const { client, calls } = clientAnswering(
      answer(400, { __type: "com.amazonaws.dynamodb.v20120810#TransactionCanceledException", Message: "Transaction cancelled", CancellationReasons: reasons }),
    );
    await expect(client.send(new GetCommand({ TableName: "t", Key: { pk: "a" } }))).rejects.toMatchObject({
      name: "TransactionCanceledException",
      message: "Transaction cancelled",
      CancellationReasons: reasons,
      $metadata: { httpStatusCode: 400, attempts: 1 },
    });
    expect(calls).toHaveLength(1);
  });

  it("sends a transaction with one token for all its attempts, as the SDK does, so a retry of a commit is answered as the commit", async () => {
    const reset = Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    const { client, bodies } = clientAnswering(reset, answer(200, {}), answer(200, {}));
    const TransactItems = [{ Put: { TableName: "t", Item: { pk: "a" }, ConditionExpression: "attribute_not_exists(pk)" } }];
    await client.send(new TransactWriteCommand({ TransactItems }));
    const tokens = bodies.map((b) => (JSON.parse(b) as { ClientRequestToken?: string }).ClientRequestToken);
    expect(tokens[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(tokens[1]).toBe(tokens[0]);
    // A send of its own has a token of its own; a caller's token is sent as given.
    await client.send(new TransactWriteCommand({ TransactItems, ClientRequestToken: "mine" }));
    expect(JSON.parse(bodies[2]!).ClientRequestToken).toBe("mine");
  });

  it("answers the keys DynamoDB left unprocessed as documents, for the caller to ask again", async () => {
    const { client } = clientAnswering(answer(200, { Responses: { t: [{ pk: { S: "a" }, n: { N: "1" } }] }, UnprocessedKeys: { t: { Keys: [{ pk: { S: "b" } }] } } }));
    const out = await client.send(new BatchGetCommand({ RequestItems: { t: { Keys: [{ pk: "a" }, { pk: "b" }] } } }));
    expect(out.Responses).toEqual({ t: [{ pk: "a", n: 1 }] });
    expect(out.UnprocessedKeys).toEqual({ t: { Keys: [{ pk: "b" }] } });
  });
});
