import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from "aws-cdk-lib/aws-dynamodb";
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from "aws-cdk-lib/aws-s3";
import { PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { keep } from "./nag.ts";
import { createStageSecrets } from "./secrets.ts";
import { Duration, RemovalPolicy } from "aws-cdk-lib";
import type { StackContext } from "sst/constructs";
import { INDEXES, KEY, TENANT_INDEX, TTL_ATTRIBUTE, indexKeys } from "@xiangyu/core/kernel/table";
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
  table.addGlobalSecondaryIndex({
    indexName: TENANT_INDEX.name,
    partitionKey: { name: TENANT_INDEX.pk, type: AttributeType.STRING },
    sortKey: { name: TENANT_INDEX.sk, type: AttributeType.STRING },
    projectionType: ProjectionType.KEYS_ONLY,
  });

  const logs = logBucket(stack, durable, removalPolicy);
  const uploads = new Bucket(stack, "Uploads", {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    // No CORS here: the Web stack allows the stage's console origin once its domain exists
    // (stacks/uploadsCors.ts); this stack comes first and cannot name it.
    lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(7) }],
    serverAccessLogsBucket: logs,
    serverAccessLogsPrefix: `${LOG_PREFIX.s3}uploads/`,
    removalPolicy,
    autoDeleteObjects: !durable,
  });

  const secrets = createStageSecrets(stack);

  stack.addOutputs({ TableName: table.tableName, UploadsBucket: uploads.bucketName, LogsBucket: logs.bucketName });
  return { table, uploads, logs, secrets };
}

/** Where each kind of log goes in the stage's log bucket. */
export const LOG_PREFIX = { s3: "s3/", cloudfront: "cloudfront/" } as const;
/** Access logs are for looking into an incident or an abuse; after 90 days they are gone. */
const LOG_DAYS = 90;

/**
 * The stage's log bucket: S3 server access logs of its buckets and CloudFront's standard logs of
 * its distributions. CloudFront's standard logs are written with an ACL, so the bucket keeps ACLs
 * for its owner (BUCKET_OWNER_PREFERRED); S3's logging service is allowed once here for the whole
 * account's buckets of this stage (the sites' buckets are made later, in other stacks, and
 * naming them here would tie this stack to theirs).
 */
function logBucket(stack: StackContext["stack"], durable: boolean, removalPolicy: RemovalPolicy) {
  const logs = new Bucket(stack, "Logs", {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
    lifecycleRules: [{ expiration: Duration.days(LOG_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    removalPolicy,
    autoDeleteObjects: !durable,
  });
  logs.addToResourcePolicy(
    new PolicyStatement({
      principals: [new ServicePrincipal("logging.s3.amazonaws.com")],
      actions: ["s3:PutObject"],
      resources: [logs.arnForObjects(`${LOG_PREFIX.s3}*`)],
      conditions: { StringEquals: { "aws:SourceAccount": stack.account } },
    }),
  );
  keep(logs, { "AwsSolutions-S1": "This is the log bucket: logging its own access would log the logs" });
  return logs;
}
