import { StringParameter } from "aws-cdk-lib/aws-ssm";
import type { Stack } from "sst/constructs";

/**
 * The two secrets packages/core/src/kernel/config.ts reads (XY_JWT_SECRET, XY_DATA_KEY) live in
 * SSM Parameter Store, one pair per stage, created by hand before the first deploy
 * (docs/deploy.md). CloudFormation resolves them at deploy time into the Lambda environment:
 * that is what config.ts expects, and it keeps the secrets out of the repository and the
 * synthesized templates. They must be `String` parameters — CloudFormation cannot place a
 * `SecureString` into a Lambda environment.
 */
export const secretParameterName = (stage: string, secret: "jwt-secret" | "data-key") => `/xiangyu/${stage}/${secret}`;

export function secretEnvironment(stack: Stack): { XY_JWT_SECRET: string; XY_DATA_KEY: string } {
  return {
    XY_JWT_SECRET: StringParameter.valueForStringParameter(stack, secretParameterName(stack.stage, "jwt-secret")),
    XY_DATA_KEY: StringParameter.valueForStringParameter(stack, secretParameterName(stack.stage, "data-key")),
  };
}
