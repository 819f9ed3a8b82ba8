/**
 * The single table: its keys and generic indexes, as plain data so the stacks, the local twin
 * and the tests create the very same table.
 */
export const KEY = { pk: "pk", sk: "sk" } as const;

export const INDEXES = ["gsi1", "gsi2", "gsi3"] as const;
export type IndexName = (typeof INDEXES)[number];

export const indexKeys = (name: IndexName) => ({ pk: `${name}pk`, sk: `${name}sk` });

/** Attribute DynamoDB removes expired items by (sessions, upload tickets). */
export const TTL_ATTRIBUTE = "expiresAt";

/** CreateTable input, shared by the local twin and the tests (the stacks express the same in CDK). */
export function createTableInput(TableName: string) {
  const attrs = new Set<string>([KEY.pk, KEY.sk]);
  for (const n of INDEXES) {
    attrs.add(indexKeys(n).pk);
    attrs.add(indexKeys(n).sk);
  }
  return {
    TableName,
    BillingMode: "PAY_PER_REQUEST" as const,
    AttributeDefinitions: [...attrs].map((AttributeName) => ({ AttributeName, AttributeType: "S" as const })),
    KeySchema: [
      { AttributeName: KEY.pk, KeyType: "HASH" as const },
      { AttributeName: KEY.sk, KeyType: "RANGE" as const },
    ],
    GlobalSecondaryIndexes: INDEXES.map((IndexName) => ({
      IndexName,
      KeySchema: [
        { AttributeName: indexKeys(IndexName).pk, KeyType: "HASH" as const },
        { AttributeName: indexKeys(IndexName).sk, KeyType: "RANGE" as const },
      ],
      Projection: { ProjectionType: "ALL" as const },
    })),
  };
}
