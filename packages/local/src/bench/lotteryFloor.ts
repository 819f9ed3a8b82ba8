import { GetItemCommand, PutItemCommand, type AttributeValue, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { TENANT_INDEX } from "@xiangyu/core/kernel/table";
import { spent, type Trace } from "./loadTrace.ts";

/**
 * The draw's floor (lottery.ts): the DynamoDB calls of recorded draws replayed bare, as the load
 * bench's floor replays its requests (loadTrace.ts) — the same requests, with the same item sizes,
 * conditions and index writes, not stand-ins. Replayed on copies, so the floor moves no real count:
 * each item a draw updates (the member's entrant, a stock slice, an id block) is copied once under a
 * `benchfloor#` key before the rounds and the replays update the copy; each record a draw puts is
 * put again under a key of its own. Index attributes (the gsi keys, the tenant index's `tenantId`)
 * are renamed the same way: a copy is written to every index the original is, in partitions no
 * query of the product reads. Reads (the tenant's gate) are replayed as they were. Sent through the
 * client the product uses (kernel/aws.ts `dynamo()`), so the floor and the draw pay the same
 * client's work per call.
 */
type Item = Record<string, AttributeValue>;
type Call = Trace[number][number];

const PREFIX = "benchfloor#";
const INDEX_ATTRIBUTE = /^gsi\d+(pk|sk)$/;

/** The item with its table key and index attributes moved under the floor's prefix (and `suffix`). */
function floorItem(item: Item, suffix = ""): Item {
  const out: Item = { ...item };
  for (const [name, value] of Object.entries(item)) {
    if (value.S === undefined) continue;
    if (name === "pk") out.pk = { S: `${PREFIX}${value.S}${suffix}` };
    else if (INDEX_ATTRIBUTE.test(name) || name === TENANT_INDEX.pk) out[name] = { S: `${PREFIX}${value.S}` };
  }
  return out;
}

const floorKey = (key: Item): Item => ({ ...key, pk: { S: `${PREFIX}${key.pk!.S!}` } });

/** The copies the replayed updates work on: each updated item read once and put under its floor key. */
export async function copyUpdated(client: DynamoDBClient, traces: Trace[]): Promise<number> {
  const keys = new Map<string, { TableName: string; Key: Item }>();
  for (const c of traces.flat(2)) {
    if (c.command !== "UpdateItemCommand") continue;
    const { TableName, Key } = c.input as { TableName: string; Key: Item };
    keys.set(`${Key.pk!.S}\u0000${Key.sk!.S}`, { TableName, Key });
  }
  for (const { TableName, Key } of keys.values()) {
    const { Item } = await client.send(new GetItemCommand({ TableName, Key, ConsistentRead: true }));
    if (Item) await client.send(new PutItemCommand({ TableName, Item: floorItem(Item) }));
  }
  return keys.size;
}

/**
 * A record-id counter's refill (kernel/idBlocks.ts). Left out of the floor: a lone draw takes a block
 * of one id, a crowd's draws share blocks of up to 20 — one refill per twenty draws, not one each.
 */
const idRefill = (c: Call) =>
  c.command === "UpdateItemCommand" && !!(c.input as { ExpressionAttributeValues?: Item }).ExpressionAttributeValues?.[":name_u0"]?.S?.startsWith("id#");

/** The recorded draws' calls without their id refills (wave by wave, empty waves gone). */
export const withoutIdRefills = (traces: Trace[]): Trace[] => traces.map((t) => t.map((w) => w.filter((c) => !idRefill(c))).filter((w) => w.length));

/** One recorded draw made the floor's: updates on the copies, the record under a key of replay `n`. */
function onCopies(trace: Trace, n: number): Trace {
  const call = (c: Call): Call => {
    const input = structuredClone(c.input) as { Key?: Item; Item?: Item };
    if (c.command === "UpdateItemCommand") input.Key = floorKey(input.Key!);
    if (c.command === "PutItemCommand") input.Item = floorItem(input.Item!, `#${n}`);
    return { command: c.command, input };
  };
  return trace.map((wave) => wave.map(call));
}

type BatchInput = { RequestItems: Record<string, { Keys: Item[] } & Record<string, unknown>> };
const documentKeys = ({ RequestItems }: BatchInput) =>
  Object.fromEntries(Object.entries(RequestItems).map(([table, read]) => [table, { ...read, Keys: read.Keys.map((k) => unmarshall(k)) }]));

/** A recorded call (as sent, in DynamoDB's wire form) sent again through the product's client, which takes documents. */
function sendAgain({ command, input }: Call): Promise<unknown> {
  const i = input as { Key?: Item; Item?: Item; ExpressionAttributeValues?: Item };
  const values = i.ExpressionAttributeValues && { ExpressionAttributeValues: unmarshall(i.ExpressionAttributeValues) };
  const db = dynamo();
  if (command === "GetItemCommand") return db.send(new GetCommand({ ...(input as object), Key: unmarshall(i.Key!) } as never));
  // Point reads of one turn that the client sent together (dynamoLite/pointReads.ts).
  if (command === "BatchGetItemCommand") return db.send(new BatchGetCommand({ RequestItems: documentKeys(input as BatchInput) } as never));
  if (command === "UpdateItemCommand") return db.send(new UpdateCommand({ ...(input as object), Key: unmarshall(i.Key!), ...values } as never));
  // The activity's setup read again (kept a second per container): a lone draw on a loaded machine may record it.
  if (command === "QueryCommand") return db.send(new QueryCommand({ ...(input as object), ...values } as never));
  if (command === "PutItemCommand") return db.send(new PutCommand({ ...(input as object), Item: unmarshall(i.Item!), ...values } as never));
  throw new Error(`lottery floor: no replay for ${command}`);
}

/** Replays the `n`th draw of the floor (recorded draws taken in turn), wave by wave. */
export async function replayDraw(traces: Trace[], n: number): Promise<void> {
  for (const wave of onCopies(traces[n % traces.length]!, n)) await Promise.all(wave.map((c) => sendAgain(c).catch((e: unknown) => (spent(e) ? undefined : Promise.reject(e)))));
}
