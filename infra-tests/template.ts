import type { Template } from "aws-cdk-lib/assertions";

/** Small readers over synthesized CloudFormation, so the tests say what they check. */
export type Resource = { Type: string; Properties?: any; DeletionPolicy?: string; UpdateReplacePolicy?: string };
export type Statement = { Effect: string; Action: string | string[]; Resource?: unknown; Principal?: unknown };

export const resources = (t: Template, type: string) => t.findResources(type) as Record<string, Resource>;

export const only = (t: Template, type: string): [string, Resource] => {
  const found = Object.entries(resources(t, type));
  if (found.length !== 1) throw new Error(`expected one ${type}, found ${found.length}`);
  return found[0];
};

/** Logical id a `{ "Fn::GetAtt": [id, "Arn"] }` or `{ Ref: id }` points at. */
export function targetId(ref: any): string | undefined {
  if (ref?.["Fn::GetAtt"]) return ref["Fn::GetAtt"][0];
  if (ref?.Ref) return ref.Ref;
  return undefined;
}

/** Lambda functions of ours (SST's and CDK's helper functions have inline or asset handlers of their own). */
export function appFunctions(t: Template): Record<string, Resource> {
  return Object.fromEntries(Object.entries(resources(t, "AWS::Lambda::Function")).filter(([, r]) => String(r.Properties.Handler).startsWith("packages/")));
}

/** The one function built from `handler` (a manifest path); fails on none or several. */
export function functionWithHandler(t: Template, handler: string): [string, Resource] {
  const found = Object.entries(appFunctions(t)).filter(([, r]) => r.Properties.Handler === handler);
  if (found.length !== 1) throw new Error(`expected one function for ${handler}, found ${found.length}`);
  return found[0];
}

export const actions = (s: Statement): string[] => [s.Action].flat();

/** Every statement of every identity policy in the template (attached and inline). */
export function identityStatements(t: Template): Statement[] {
  const out: Statement[] = [];
  for (const type of ["AWS::IAM::Policy", "AWS::IAM::ManagedPolicy"]) for (const r of Object.values(resources(t, type))) out.push(...r.Properties.PolicyDocument.Statement);
  for (const r of Object.values(resources(t, "AWS::IAM::Role"))) for (const p of r.Properties.Policies ?? []) out.push(...p.PolicyDocument.Statement);
  return out;
}

/** Statements that apply to a role: its inline policies and the policies that name it. */
export function roleStatements(t: Template, roleId: string): Statement[] {
  const role = resources(t, "AWS::IAM::Role")[roleId];
  const inline = (role?.Properties.Policies ?? []).flatMap((p: any) => p.PolicyDocument.Statement);
  const attached = Object.values(resources(t, "AWS::IAM::Policy"))
    .filter((p) => (p.Properties.Roles ?? []).some((r: any) => targetId(r) === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
  return [...inline, ...attached];
}

export const functionStatements = (t: Template, fn: Resource) => roleStatements(t, targetId(fn.Properties.Role)!);

/**
 * What an `Fn::ImportValue` of another stack resolves to there: the exported output's value,
 * e.g. `{ "Fn::GetAtt": ["TableCD117FA1", "Arn"] }`.
 */
export function exported(from: Template, importValue: any): any {
  const name = importValue?.["Fn::ImportValue"];
  const output = Object.values<any>(from.toJSON().Outputs ?? {}).find((o) => o.Export?.Name === name);
  return output?.Value;
}
