import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from "aws-cdk-lib/aws-dynamodb";
import { BlockPublicAccess, Bucket, BucketEncryption } from "aws-cdk-lib/aws-s3";
import { Duration, RemovalPolicy } from "aws-cdk-lib";
import type { StackContext } from "sst/constructs";
import { INDEXES, KEY, TTL_ATTRIBUTE, indexKeys } from "@xiangyu/core/kernel/table";
import { isDurableStage } from "./stage.ts";

/**
 * The data of a stage: the single table (keys and indexes from core's table.ts, so the cloud,
 * the local twin and the tests build one and the same table) and the private uploads bucket.
 */
export function Storage({ stack }: StackContext) {
  const durable = isDurableStage(stack.stage);
  const removalPolicy = durable ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

  const table = new Table(stack, "Table", {
    partitionKey: { name: KEY.pk, type: AttributeType.STRING },
    sortKey: { name: KEY.sk, type: AttributeType.STRING },
    billingMode: BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    encryption: TableEncryption.AWS_MANAGED,
    timeToLiveAttribute: TTL_ATTRIBUTE,
    deletionProtection: durable,
    removalPolicy,
  });
  for (const indexName of INDEXES) {
    const keys = indexKeys(indexName);
    table.addGlobalSecondaryIndex({
      indexName,
      partitionKey: { name: keys.pk, type: AttributeType.STRING },
      sortKey: { name: keys.sk, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });
  }

  const uploads = new Bucket(stack, "Uploads", {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    // No CORS here: the Web stack allows the stage's console origin once its domain exists
    // (stacks/uploadsCors.ts); this stack comes first and cannot name it.
    lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(7) }],
    removalPolicy,
    autoDeleteObjects: !durable,
  });

  stack.addOutputs({ TableName: table.tableName, UploadsBucket: uploads.bucketName });
  return { table, uploads };
}
