import type { IGrantable } from "aws-cdk-lib/aws-iam";
import type { ITable } from "aws-cdk-lib/aws-dynamodb";
import type { AreaName } from "@xiangyu/functions/manifest";

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

/** table.grant covers the table and its indexes. */
export const grantTableItems = (table: ITable, grantee: IGrantable) => table.grant(grantee, ...TABLE_ITEM_ACTIONS);

/**
 * The only areas that touch the uploads bucket (they get XY_BUCKET and the bucket grant): the
 * uploader itself, and the customer import, which reads the uploaded sheet and writes its
 * template and failure reports there.
 */
export const UPLOAD_AREAS: readonly AreaName[] = ["files", "clientImport"];
