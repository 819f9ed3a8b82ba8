/**
 * The single table: its keys and generic indexes, as plain data so the stacks, the local twin
 * and the tests create the very same table.
 */
export const KEY = { pk: "pk", sk: "sk" } as const;

export const INDEXES = ["gsi1", "gsi2", "gsi3"] as const;
export type IndexName = (typeof INDEXES)[number];

export const indexKeys = (name: IndexName) => ({ pk: `${name}pk`, sk: `${name}sk` });

/**
 * Every item's keys by its tenant (keys only; an item without `tenantId` — platform records — stays
 * out): how one tenant's items are found without reading anyone else's (tenant removal, docs/scale.md).
 * Keys only and keyed on attributes no update changes, so only an item's creation and deletion write
 * it. Its sort key is the item's partition key, so DynamoDB can split a busy tenant's index
 * partition by it.
 */
export const TENANT_INDEX = { name: "tenantKeys", pk: "tenantId", sk: KEY.pk } as const;

/** Every index of the table, for what watches them all (the alarms). */
export const ALL_INDEXES = [...INDEXES, TENANT_INDEX.name] as const;

/** Attribute DynamoDB removes expired items by (sessions, upload tickets). */
export const TTL_ATTRIBUTE = "expiresAt";

/** CreateTable input, shared by the local twin and the tests (the stacks express the same in CDK). */
export function createTableInput(TableName: string) {
  const attrs = new Set<string>([KEY.pk, KEY.sk, TENANT_INDEX.pk]);
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
    GlobalSecondaryIndexes: [
      ...INDEXES.map((IndexName) => ({
        IndexName,
        KeySchema: [
          { AttributeName: indexKeys(IndexName).pk, KeyType: "HASH" as const },
          { AttributeName: indexKeys(IndexName).sk, KeyType: "RANGE" as const },
        ],
        Projection: { ProjectionType: "ALL" as const },
      })),
      tenantIndexInput(),
    ],
  };
}

/** The tenant index as CreateTable and UpdateTable take it. */
export const tenantIndexInput = () => ({
  IndexName: TENANT_INDEX.name,
  KeySchema: [
    { AttributeName: TENANT_INDEX.pk, KeyType: "HASH" as const },
    { AttributeName: TENANT_INDEX.sk, KeyType: "RANGE" as const },
  ],
  Projection: { ProjectionType: "KEYS_ONLY" as const },
});
