import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { marshall, unmarshall } from "./attributeValues.ts";

/**
 * Document values to DynamoDB's attribute values and back, with the options the SDK's document
 * client had here: undefined values dropped, numbers read back as JS numbers (BigInt past 2^53),
 * string sets as Sets. The conversion is `@aws-sdk/util-dynamodb`'s, redone in attributeValues.ts
 * (held equal to it by a differential test) so that no Lambda loads any of the SDK at cold start.
 */
type Doc = Record<string, unknown>;
type Wire = Record<string, AttributeValue>;

const toWire = (doc: Doc): Wire => marshall(doc, { removeUndefinedValues: true, convertTopLevelContainer: false });
const toDoc = (wire: Wire): Doc => unmarshall(wire);

/**
 * Where a command's input and output hold items (or keys, or expression values): paths of
 * property names, `*` for every entry of a list or map. Only the fields the code sends; the legacy
 * non-expression fields (Expected, KeyConditions, AttributeUpdates, …) are refused, not converted.
 */
type Paths = string[][];
const writeRequests: Paths = [
  ["RequestItems", "*", "*", "PutRequest", "Item"],
  ["RequestItems", "*", "*", "DeleteRequest", "Key"],
];
const transactWrites: Paths = ["ConditionCheck", "Put", "Delete", "Update"].flatMap((k) => [
  ["TransactItems", "*", k, "Key"],
  ["TransactItems", "*", k, "Item"],
  ["TransactItems", "*", k, "ExpressionAttributeValues"],
]);
const VALUES = ["ExpressionAttributeValues"];

const OPERATIONS: Record<string, { input: Paths; output: Paths }> = {
  GetItem: { input: [["Key"]], output: [["Item"]] },
  PutItem: { input: [["Item"], VALUES], output: [["Attributes"]] },
  UpdateItem: { input: [["Key"], VALUES], output: [["Attributes"]] },
  DeleteItem: { input: [["Key"], VALUES], output: [["Attributes"]] },
  Query: { input: [["ExclusiveStartKey"], VALUES], output: [["Items", "*"], ["LastEvaluatedKey"]] },
  Scan: { input: [["ExclusiveStartKey"], VALUES], output: [["Items", "*"], ["LastEvaluatedKey"]] },
  BatchGetItem: {
    input: [["RequestItems", "*", "Keys", "*"]],
    output: [
      ["Responses", "*", "*"],
      ["UnprocessedKeys", "*", "Keys", "*"],
    ],
  },
  BatchWriteItem: { input: writeRequests, output: writeRequests.map(([, ...rest]) => ["UnprocessedItems", ...rest]) },
  TransactGetItems: { input: [["TransactItems", "*", "Get", "Key"]], output: [["Responses", "*", "Item"]] },
  TransactWriteItems: { input: transactWrites, output: [] },
};

const LEGACY = ["Expected", "KeyConditions", "QueryFilter", "ScanFilter", "AttributeUpdates", "AttributesToGet"];

/** A copy of `node` with every map found at `path` converted by `convert`; the rest shared. */
function mapAt(node: unknown, path: string[], convert: (m: never) => unknown): unknown {
  if (node === undefined || node === null) return node;
  if (path.length === 0) return convert(node as never);
  const [head, ...rest] = path;
  if (head === "*") {
    if (Array.isArray(node)) return node.map((n) => mapAt(n, rest, convert));
    return Object.fromEntries(Object.entries(node as Doc).map(([k, v]) => [k, mapAt(v, rest, convert)]));
  }
  const doc = node as Doc;
  if (!(head in doc)) return node;
  return { ...doc, [head]: mapAt(doc[head], rest, convert) };
}

function pathsOf(operation: string) {
  const paths = OPERATIONS[operation];
  if (!paths) throw new Error(`dynamoLite: no marshalling for ${operation}`);
  return paths;
}

/** A command's document input as DynamoDB's JSON API takes it. */
export function wireInput(operation: string, input: Doc): Doc {
  const legacy = LEGACY.find((k) => k in input);
  if (legacy) throw new Error(`dynamoLite: ${operation} with ${legacy} is not supported; use expressions`);
  return pathsOf(operation).input.reduce<Doc>((doc, path) => mapAt(doc, path, toWire) as Doc, input);
}

/** DynamoDB's answer with its items as documents, as the SDK's document client answers it. */
export function documentOutput(operation: string, output: Doc): Doc {
  return pathsOf(operation).output.reduce<Doc>((doc, path) => mapAt(doc, path, toDoc) as Doc, output);
}
