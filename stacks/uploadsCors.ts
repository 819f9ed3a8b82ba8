import type { IBucket } from "aws-cdk-lib/aws-s3";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from "aws-cdk-lib/custom-resources";
import type { Construct } from "constructs";

/** What the browser does with presigned URLs: PUT an upload, GET or HEAD a file. */
const UPLOAD_CORS_METHODS = ["PUT", "GET", "HEAD"];

/**
 * The uploads bucket's CORS, allowing the stage's console origin only. It is set from the Web
 * stack, once the console's distribution (and so its domain) exists: the bucket lives in Storage,
 * which Web depends on through Api, so Storage cannot name the console's domain itself. The
 * bucket's own CloudFormation has no CORS property, so a Storage deploy leaves this alone; a
 * branch stage's removal removes it with Web.
 */
export function uploadsCorsForConsole(scope: Construct, id: string, uploads: IBucket, consoleOrigins: string[]) {
  const CORSConfiguration = {
    CORSRules: [{ AllowedMethods: UPLOAD_CORS_METHODS, AllowedOrigins: consoleOrigins, AllowedHeaders: ["*"], ExposeHeaders: ["ETag"], MaxAgeSeconds: 3000 }],
  };
  const put = {
    service: "S3",
    action: "PutBucketCors",
    parameters: { Bucket: uploads.bucketName, CORSConfiguration },
    physicalResourceId: PhysicalResourceId.of(`${id}-cors`),
  };
  return new AwsCustomResource(scope, id, {
    onCreate: put,
    onUpdate: put,
    onDelete: { service: "S3", action: "DeleteBucketCors", parameters: { Bucket: uploads.bucketName } },
    // PutBucketCors and DeleteBucketCors are both s3:PutBucketCORS, on this bucket only.
    policy: AwsCustomResourcePolicy.fromStatements([new PolicyStatement({ actions: ["s3:PutBucketCORS"], resources: [uploads.bucketArn] })]),
    installLatestAwsSdk: false,
  });
}
