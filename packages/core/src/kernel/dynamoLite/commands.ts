import type {
  BatchGetCommandInput,
  BatchWriteCommandInput,
  DeleteCommandInput,
  GetCommandInput,
  PutCommandInput,
  QueryCommandInput,
  TransactGetCommandInput,
  TransactWriteCommandInput,
  UpdateCommandInput,
} from "@aws-sdk/lib-dynamodb";

/**
 * The document commands the code and ElectroDB send, as plain holders of their input. Lambda
 * bundles alias `@aws-sdk/lib-dynamodb` to this module (packages/functions/src/bundle/build.ts), so
 * `new QueryCommand(…)` there builds one of these and no SDK is loaded; the lite client
 * (client.ts) sends them, and the SDK's own classes too (by class name) where the SDK is loaded.
 * Only the commands below exist: a new one is added here and in operations.ts (docs/decisions.md).
 */
abstract class DocumentCommand<I> {
  constructor(readonly input: I) {}
}

export class GetCommand extends DocumentCommand<GetCommandInput> {
  static readonly operation = "GetItem";
}
export class PutCommand extends DocumentCommand<PutCommandInput> {
  static readonly operation = "PutItem";
}
export class UpdateCommand extends DocumentCommand<UpdateCommandInput> {
  static readonly operation = "UpdateItem";
}
export class DeleteCommand extends DocumentCommand<DeleteCommandInput> {
  static readonly operation = "DeleteItem";
}
export class QueryCommand extends DocumentCommand<QueryCommandInput> {
  static readonly operation = "Query";
}
export class BatchGetCommand extends DocumentCommand<BatchGetCommandInput> {
  static readonly operation = "BatchGetItem";
}
export class BatchWriteCommand extends DocumentCommand<BatchWriteCommandInput> {
  static readonly operation = "BatchWriteItem";
}
export class TransactGetCommand extends DocumentCommand<TransactGetCommandInput> {
  static readonly operation = "TransactGetItems";
}
export class TransactWriteCommand extends DocumentCommand<TransactWriteCommandInput> {
  static readonly operation = "TransactWriteItems";
}

/**
 * The SDK's commands (lib-dynamodb's classes, "GetCommand" → GetItem), for where the SDK is loaded:
 * tests and the local tools send them to the lite client. Scans are among them (a test reads a
 * whole table) but not among the classes above: no Lambda scans (tenantRemoval.test.ts).
 */
const BY_CLASS_NAME: Record<string, string> = Object.fromEntries(
  Object.entries({
    Get: "GetItem",
    Put: "PutItem",
    Update: "UpdateItem",
    Delete: "DeleteItem",
    Query: "Query",
    Scan: "Scan",
    BatchGet: "BatchGetItem",
    BatchWrite: "BatchWriteItem",
    TransactGet: "TransactGetItems",
    TransactWrite: "TransactWriteItems",
  }).map(([name, operation]) => [`${name}Command`, operation]),
);

export type SentCommand = { input: unknown };

/** The DynamoDB operation a command names ("Query", "GetItem", …). */
export function operationOf(command: SentCommand): string {
  const ctor = command.constructor as { operation?: string; name: string };
  const op = ctor.operation ?? BY_CLASS_NAME[ctor.name];
  if (!op) throw new Error(`dynamoLite: ${ctor.name} is not a command it sends (docs/decisions.md, "A small DynamoDB client")`);
  return op;
}
