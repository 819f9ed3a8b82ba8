import { Effect, PolicyStatement, type IGrantable } from "aws-cdk-lib/aws-iam";
import type { Stack } from "sst/constructs";

/**
 * The stage's secrets are SSM parameters created by hand before the first deploy
 * (docs/deploy.md). The JWT signing secret and the data key are SecureStrings that never enter a
 * template or a Lambda's environment: the function gets only their path (XY_SECRETS_PATH) and
 * reads them with decryption at cold start (packages/core/src/kernel/config.ts `secrets()`).
 * The origin secret is a plain String: CloudFront must put it in a header (a custom origin header
 * cannot resolve a SecureString), so the template names it by a dynamic reference resolved at
 * deploy, never by its value.
 */
export const SECRET_NAMES = ["jwt-secret", "data-key", "origin-secret"] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

export const secretsPath = (stage: string) => `/xiangyu/${stage}`;
export const secretParameterName = (stage: string, secret: SecretName) => `${secretsPath(stage)}/${secret}`;

/** The origin secret as CloudFormation resolves it at deploy: the value never appears in the template. */
export const originSecretReference = (stage: string) => `{{resolve:ssm:${secretParameterName(stage, "origin-secret")}}}`;

export function stageSecrets(stack: Stack) {
  const parameterArns = SECRET_NAMES.map((name) =>
    // resourceName without its leading slash: the ARN is "…:parameter/xiangyu/<stage>/<name>".
    stack.formatArn({ service: "ssm", resource: "parameter", resourceName: secretParameterName(stack.stage, name).slice(1) }),
  );
  return {
    environment: { XY_SECRETS_PATH: secretsPath(stack.stage) },
    /** Read the stage's parameters, and nothing else of Parameter Store. */
    grantRead(grantee: IGrantable) {
      grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ["ssm:GetParameter"], resources: parameterArns }));
      // Decrypting a SecureString under the AWS-managed aws/ssm key needs no IAM grant (its key
      // policy lets the account's principals use it through SSM). This statement only matters
      // if the stage's parameters are moved to a key of our own, and even then opens that key
      // for these two parameters only, through SSM only.
      grantee.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ["kms:Decrypt"],
          resources: [stack.formatArn({ service: "kms", resource: "key", resourceName: "*" })],
          conditions: { StringEquals: { "kms:ViaService": `ssm.${stack.region}.amazonaws.com`, "kms:EncryptionContext:PS_ARN": parameterArns } },
        }),
      );
    },
  };
}
