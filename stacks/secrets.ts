import { Effect, PolicyStatement, type IGrantable } from "aws-cdk-lib/aws-iam";
import type { Stack } from "sst/constructs";

/**
 * The two secrets (the JWT signing secret and the data key) are SSM SecureString parameters, one
 * pair per stage, created by hand before the first deploy (docs/deploy.md). They never enter a
 * template or a Lambda's environment: the function gets only their path (XY_SECRETS_PATH) and
 * reads them with decryption at cold start (packages/core/src/kernel/config.ts `secrets()`).
 */
export const SECRET_NAMES = ["jwt-secret", "data-key"] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

export const secretsPath = (stage: string) => `/xiangyu/${stage}`;
export const secretParameterName = (stage: string, secret: SecretName) => `${secretsPath(stage)}/${secret}`;

export function stageSecrets(stack: Stack) {
  const parameterArns = SECRET_NAMES.map((name) =>
    // resourceName without its leading slash: the ARN is "…:parameter/xiangyu/<stage>/<name>".
    stack.formatArn({ service: "ssm", resource: "parameter", resourceName: secretParameterName(stack.stage, name).slice(1) }),
  );
  return {
    environment: { XY_SECRETS_PATH: secretsPath(stack.stage) },
    /** Read the two parameters, and nothing else of Parameter Store. */
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
