import { PolicyStatement, type IGrantable } from "aws-cdk-lib/aws-iam";
import type { ITable } from "aws-cdk-lib/aws-dynamodb";
import type { IBucket } from "aws-cdk-lib/aws-s3";
import type { AreaName } from "@xiangyu/functions/manifest";
import { splitKey, type RouteTable } from "@xiangyu/functions/http/define";

/**
 * What a function may do to the table: read and write items, one by one, in batches or in
 * transactions (IAM checks a transaction's items against these same actions). No Scan — request
 * paths never scan — and no table administration. Narrower than grantReadWriteData, which
 * would also hand out Scan, DescribeTable and the stream reads.
 */
export const TABLE_ITEM_ACTIONS = [
  "dynamodb:GetItem",
  "dynamodb:BatchGetItem",
  "dynamodb:Query",
  "dynamodb:ConditionCheckItem",
  "dynamodb:PutItem",
  "dynamodb:UpdateItem",
  "dynamodb:DeleteItem",
  "dynamodb:BatchWriteItem",
] as const;

/**
 * The one Scan we grant: the tenant-removal worker (platform/tenantWorker.ts) finds a deleted
 * tenant's items across every partition, outside any request. On the table only, not its indexes.
 */
export const TABLE_SCAN_ACTION = "dynamodb:Scan";

/** What a function that only reads may do: no write of any kind, not even a condition check. */
export const TABLE_READ_ACTIONS = ["dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:Query"] as const;

/**
 * The item actions an area needs, from its routes. The contract reads with GET and writes with
 * POST (and only a POST writes the operation log; authenticating only reads the session), so an
 * area with no POST route is read-only. Every area has a POST today; the rule is here so that a
 * read-only area gets no write action without anyone having to remember it.
 */
export const tableActionsFor = (routes: RouteTable): readonly string[] =>
  Object.keys(routes).some((key) => splitKey(key).method !== "GET") ? TABLE_ITEM_ACTIONS : TABLE_READ_ACTIONS;

/** table.grant covers the table and its indexes. */
export const grantTableItems = (table: ITable, grantee: IGrantable, actions: readonly string[] = TABLE_ITEM_ACTIONS) => table.grant(grantee, ...actions);

/**
 * The only areas that touch the uploads bucket (they get XY_BUCKET and the bucket grant): the
 * uploader itself, and the customer import, which reads the uploaded sheet and writes its
 * template and failure reports there.
 */
export const UPLOAD_AREAS: readonly AreaName[] = ["files", "clientImport"];

/**
 * What an upload area does with the bucket: presign PUTs and GETs, read the import's sheet, write
 * its reports, delete an abandoned upload. Objects only: no listing, no bucket settings, none of
 * grantReadWrite's wildcards (GetObject*, DeleteObject*, List*, Abort*).
 */
export const UPLOAD_ACTIONS = ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"] as const;
export const grantUploads = (bucket: IBucket, grantee: IGrantable) =>
  grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: [...UPLOAD_ACTIONS], resources: [bucket.arnForObjects("*")] }));
