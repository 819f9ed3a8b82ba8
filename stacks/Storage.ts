import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from "aws-cdk-lib/aws-dynamodb";
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods } from "aws-cdk-lib/aws-s3";
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
    // The browser PUTs to and GETs from presigned URLs. The signature is the credential, so any
    // origin may carry one; naming the console's CloudFront domain here would make Storage
    // depend on Web, which itself depends on Storage.
    cors: [
      {
        allowedMethods: [HttpMethods.PUT, HttpMethods.GET, HttpMethods.HEAD],
        allowedOrigins: ["*"],
        allowedHeaders: ["*"],
        exposedHeaders: ["ETag"],
        maxAge: 3000,
      },
    ],
    lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(7) }],
    removalPolicy,
    autoDeleteObjects: !durable,
  });

  stack.addOutputs({ TableName: table.tableName, UploadsBucket: uploads.bucketName });
  return { table, uploads };
}
