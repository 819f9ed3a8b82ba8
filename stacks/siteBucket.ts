import { RemovalPolicy } from "aws-cdk-lib";
import { S3BucketOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from "aws-cdk-lib/aws-s3";
import type { Stack } from "sst/constructs";
import type { IConstruct } from "constructs";
import { LOG_PREFIX } from "./Storage.ts";
import { keep } from "./nag.ts";

/**
 * A site's files (console or website) for SST's StaticSite, made here rather than by SST so that it
 * is HTTPS-only, logs its access to the stage's log bucket, and is read by CloudFront through
 * origin access control (SST v2 would use the legacy origin access identity). The files are a
 * build's output: they go with the stage on `sst remove` even on a durable stage.
 */
export function siteFiles(stack: Stack, id: string, logsBucketName: string) {
  // By name: the log bucket is the Storage stack's, and a reference to it from here must not make
  // CDK write this bucket into Storage's bucket policy (Storage allows S3 logging itself).
  const logs = Bucket.fromBucketName(stack, `${id}LogsBucket`, logsBucketName);
  const bucket = new Bucket(stack, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    serverAccessLogsBucket: logs,
    serverAccessLogsPrefix: `${LOG_PREFIX.s3}${id.toLowerCase()}/`,
    removalPolicy: RemovalPolicy.DESTROY,
    autoDeleteObjects: true,
  });
  return { bucket, origin: S3BucketOrigin.withOriginAccessControl(bucket), logs };
}

/** CloudFront's standard logs of a distribution, into the stage's log bucket. */
export const distributionLogs = (logs: IBucket, site: string) => ({ enableLogging: true, logBucket: logs, logFilePrefix: `${LOG_PREFIX.cloudfront}${site}/` });

/**
 * cdk-nag's CFR4 on a distribution without a custom domain: the default *.cloudfront.net
 * certificate cannot be given a TLS minimum (CloudFront sets TLSv1 for it).
 */
export const keepDefaultCertificate = (distribution: IConstruct) =>
  keep(distribution, {
    "AwsSolutions-CFR4": "No custom domain for this stage yet: the default *.cloudfront.net certificate has no settable TLS minimum (docs/deploy.md)",
  });
