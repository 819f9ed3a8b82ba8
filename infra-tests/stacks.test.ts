import { beforeAll, describe, expect, test } from "vitest";
import type { Template } from "aws-cdk-lib/assertions";
import { ALL_INDEXES, createTableInput } from "@xiangyu/core/kernel/table";
import { AREAS, JOBS, type AreaName } from "@xiangyu/functions/manifest";
import { TABLE_ITEM_ACTIONS, TABLE_READ_ACTIONS, TABLE_SCAN_ACTION, tableActionsFor } from "../stacks/access.ts";
import { done, sessionRoute } from "@xiangyu/functions/http/define";
import { noInput } from "@xiangyu/core/kernel/fields";
import { THROTTLE } from "../stacks/throttle.ts";
import { routePlan } from "../stacks/Routes.ts";
import { THRESHOLDS } from "../stacks/Alarms.ts";
import { UPLOAD_ACTIONS } from "../stacks/access.ts";
import { KEPT_RULES, nagLog } from "../stacks/nag.ts";
import { MAX_STACK_RESOURCES } from "./limits.ts";
import { importWorker } from "@xiangyu/functions/clientImport/routes";
import { tenantWorker } from "@xiangyu/functions/platform/tenantWorker";
import { readFileSync, statSync } from "node:fs";
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { buildCommands, builtBundles, synth, type Templates } from "./synth.ts";
import { buildLambda, LAMBDAS } from "../packages/local/src/bench/lambdaBuild.ts";
import { CONSOLE_BUILD } from "../stacks/Web.ts";
import { ORIGIN_HEADER } from "@xiangyu/functions/http/viewer";
import { TASK_SCHEDULE_ACTIONS, taskScheduleGroupName } from "../stacks/Jobs.ts";
import { taskRunnerDef } from "@xiangyu/functions/jobs/taskRunnerDef";
import { monthWorkerDef } from "@xiangyu/functions/jobs/monthWorkerDef";
import { SITE_API_MAX_TTL_S, SITE_API_PATHS, SITE_BUILD, SITE_FILE_PATHS, SITE_MEMBER_API_PATHS, SITE_MEMBER_PATHS, SITE_PAGE_REQUEST, SITE_UPLOAD_PATHS } from "../stacks/Site.ts";
import { API_CSP, CONSOLE_CSP, WEBSITE_CSP } from "../stacks/securityHeaders.ts";
import {
  actions,
  appFunctions,
  exported,
  functionStatements,
  functionWithHandler,
  identityStatements,
  only,
  resources,
  roleStatements,
  targetId,
  type Resource,
  type Statement,
} from "./template.ts";

const CERTIFICATE_ARN = "arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-0b0a-0908-0706-050403020100";

/** A feature branch's stage, as `npx sst deploy --stage pr-42` would build it. */
const BRANCH = "pr-42";
let branch: Templates;
let durable: Templates;

beforeAll(async () => {
  branch = await synth(BRANCH);
  // The durable stage with its own domains (docs/deploy.md "Custom domains"), set for its synth only.
  const domains = {
    XY_CONSOLE_DOMAIN: "console.example.com",
    XY_CONSOLE_TENANT_DOMAINS: "admin.hotel-a.example.org, Admin.Hotel-B.example.org",
    XY_WEBSITE_DOMAIN: "www.example.com",
    XY_CERTIFICATE_ARN: CERTIFICATE_ARN,
  };
  Object.assign(process.env, domains);
  try {
    durable = await synth("main", ["Storage", "Web", "Site"]);
  } finally {
    for (const key of Object.keys(domains)) delete process.env[key];
  }
  // Synthesized once for the whole file. Bundling every Lambda takes ~40 s on a quiet 2-core
  // machine; a loaded one once took past 120 s, so the hook gets 5 minutes.
}, 300_000);

/** The areas that may touch the uploads bucket, written out here rather than read from the
 * stacks: widening it is a security decision, taken on purpose. */
const MAY_UPLOAD: readonly string[] = ["files", "clientImport"];

/** The origin secret as the distributions name it: a dynamic reference to the Storage stack's secret, resolved at deploy. */
const originReference = expect.objectContaining({
  "Fn::Join": ["", ["{{resolve:secretsmanager:", expect.objectContaining({ "Fn::ImportValue": expect.stringContaining("OriginSecret") }), ":SecretString:::}}"]],
});

/** A bucket of a template by its construct id ("Uploads", "Logs"). */
const bucketNamed = (t: Template, id: string) => {
  const found = Object.entries(resources(t, "AWS::S3::Bucket")).filter(([logical]) => new RegExp(`^${id}[0-9A-F]{8}$`).test(logical));
  if (found.length !== 1) throw new Error(`expected one bucket ${id}, found ${found.length}`);
  return found[0]![1];
};

const areas = Object.entries(AREAS) as [AreaName, (typeof AREAS)[AreaName]][];
const byName = <T extends { AttributeName: string }>(list: T[]) => [...list].sort((a, b) => a.AttributeName.localeCompare(b.AttributeName));

/** Where a policy resource of another stack points: "Table.Arn", "Table.Arn/index/*", "Uploads.Arn/*". */
function storageTarget(storage: Template, ref: any): string {
  const join = ref?.["Fn::Join"];
  if (join) return join[1].map((part: any) => (typeof part === "string" ? part : storageTarget(storage, part))).join("");
  const value = exported(storage, ref);
  const [id, attr] = value?.["Fn::GetAtt"] ?? [value?.Ref, "Ref"];
  return `${String(id).replace(/[0-9A-F]{8}$/, "")}.${attr}`;
}

describe("Storage", () => {
  test("the table has exactly the keys and indexes of core's table.ts, like the local twin", () => {
    const [, table] = only(branch.Storage, "AWS::DynamoDB::Table");
    const twin = createTableInput("twin");
    expect(table.Properties.KeySchema).toEqual(twin.KeySchema);
    expect(table.Properties.GlobalSecondaryIndexes).toEqual(twin.GlobalSecondaryIndexes);
    expect(table.Properties.GlobalSecondaryIndexes.map((i: any) => i.IndexName)).toEqual([...ALL_INDEXES]);
    expect(byName(table.Properties.AttributeDefinitions)).toEqual(byName(twin.AttributeDefinitions));
    expect(table.Properties.BillingMode).toBe("PAY_PER_REQUEST");
  });

  test("the table has point-in-time recovery, AWS-managed encryption and TTL on expiresAt", () => {
    const [, table] = only(branch.Storage, "AWS::DynamoDB::Table");
    expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    // SSEEnabled with no key of our own = KMS with the AWS-managed aws/dynamodb key.
    expect(table.Properties.SSESpecification).toEqual({ SSEEnabled: true });
    expect(table.Properties.TimeToLiveSpecification).toEqual({ AttributeName: "expiresAt", Enabled: true });
  });

  test("the uploads bucket blocks all public access, is encrypted, and logs its access to the log bucket", () => {
    const bucket = bucketNamed(branch.Storage, "Uploads");
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.AccessControl).toBeUndefined();
    expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe("AES256");
    // Its CORS is the console's origin only, set by the Web stack (below): none here, no "*".
    expect(bucket.Properties.CorsConfiguration).toBeUndefined();
    expect(targetId(bucket.Properties.LoggingConfiguration.DestinationBucketName)).toMatch(/^Logs[0-9A-F]{8}$/);
  });

  test("the log bucket: private, HTTPS only, ACLs for CloudFront's logs, kept 90 days, S3's logging allowed for this account only", () => {
    const logs = bucketNamed(branch.Storage, "Logs");
    expect(logs.Properties.OwnershipControls.Rules).toEqual([{ ObjectOwnership: "BucketOwnerPreferred" }]);
    expect(logs.Properties.LifecycleConfiguration.Rules[0]).toMatchObject({ ExpirationInDays: 90, Status: "Enabled" });
    const statements: any[] = Object.values(resources(branch.Storage, "AWS::S3::BucketPolicy")).flatMap((p) => p.Properties.PolicyDocument.Statement);
    const logging = statements.find((st) => st.Principal?.Service === "logging.s3.amazonaws.com");
    expect(logging.Action).toBe("s3:PutObject");
    expect(Object.keys(logging.Condition.StringEquals)).toEqual(["aws:SourceAccount"]);
    // Every bucket of the stage refuses plain HTTP.
    for (const t of [branch.Storage, branch.Web, branch.Site]) {
      const denies = Object.values(resources(t, "AWS::S3::BucketPolicy"))
        .flatMap((p) => p.Properties.PolicyDocument.Statement)
        .filter((st: any) => st.Effect === "Deny" && st.Condition?.Bool?.["aws:SecureTransport"] === "false");
      expect(denies.length).toBe(Object.keys(resources(t, "AWS::S3::Bucket")).length);
    }
  });

  test("no bucket policy grants anything to everyone", () => {
    const statements: Statement[] = Object.values(resources(branch.Storage, "AWS::S3::BucketPolicy")).flatMap((p) => p.Properties.PolicyDocument.Statement);
    const toEveryone = statements.filter((s) => s.Effect === "Allow" && JSON.stringify(s.Principal).match(/^"\*"$|"AWS":"\*"/));
    expect(toEveryone).toEqual([]);
  });

  test("a branch stage's table and uploads go away with the stage", () => {
    const [, table] = only(branch.Storage, "AWS::DynamoDB::Table");
    expect(table.DeletionPolicy).toBe("Delete");
    expect(table.Properties.DeletionProtectionEnabled).toBe(false);
    // The uploads and the logs are emptied and deleted with it.
    expect(Object.keys(resources(branch.Storage, "Custom::S3AutoDeleteObjects"))).toHaveLength(2);
  });

  test("a durable stage keeps its table and uploads", () => {
    const [, table] = only(durable.Storage, "AWS::DynamoDB::Table");
    expect([table.DeletionPolicy, table.UpdateReplacePolicy]).toEqual(["Retain", "Retain"]);
    expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    for (const bucket of Object.values(resources(durable.Storage, "AWS::S3::Bucket"))) expect([bucket.DeletionPolicy, bucket.UpdateReplacePolicy]).toEqual(["Retain", "Retain"]);
    expect(resources(durable.Storage, "Custom::S3AutoDeleteObjects")).toEqual({});
  });
});

describe("Api", () => {
  const routes = () => Object.values(resources(branch.Routes, "AWS::ApiGatewayV2::Route"));
  const integrationOf = (route: Resource) => {
    const [, parts] = route.Properties.Target["Fn::Join"];
    return resources(branch.Routes, "AWS::ApiGatewayV2::Integration")[targetId(parts[1])!];
  };
  const apiIds = () => Object.keys(resources(branch.Routes, "AWS::ApiGatewayV2::Api"));

  test("serves the planned routes (stacks/apiRoutes.ts), each on its own API", () => {
    const { parts } = routePlan();
    expect(apiIds()).toHaveLength(parts.length);
    const deployed = routes().map((r) => `${r.Properties.RouteKey} @${apiIds().indexOf(targetId(r.Properties.ApiId)!)}`);
    const planned = parts.flatMap((p) => p.routes.map((r) => `${r.key} @${p.index}`));
    expect(deployed.sort()).toEqual(planned.sort());
  });

  test("binds every deployed route to the Lambda of the area the plan gives it", () => {
    const { parts } = routePlan();
    for (const part of parts)
      for (const planned of part.routes) {
        const route = routes().find((r) => r.Properties.RouteKey === planned.key && targetId(r.Properties.ApiId) === apiIds()[part.index]);
        expect(route, planned.key).toBeDefined();
        const integration = integrationOf(route!);
        expect(integration.Properties.IntegrationType).toBe("AWS_PROXY");
        const [fnId] = functionWithHandler(branch.Api, AREAS[planned.area as AreaName].handler);
        expect(targetId(exported(branch.Api, integration.Properties.IntegrationUri)), planned.key).toBe(fnId);
      }
  });

  test("has one Node 24 function per area, which each API serving it may invoke", () => {
    // One per area, the import's worker and the tenant removal's.
    expect(Object.keys(appFunctions(branch.Api))).toHaveLength(areas.length + 2);
    const permissions = Object.values(resources(branch.Routes, "AWS::Lambda::Permission"));
    const { parts } = routePlan();
    for (const [area, { handler }] of areas) {
      const [fnId, fn] = functionWithHandler(branch.Api, handler);
      expect(fn.Properties.Runtime).toBe("nodejs24.x");
      // One permission per API that serves the area, not one per route.
      const invoke = permissions.filter((p) => targetId(exported(branch.Api, p.Properties.FunctionName)) === fnId);
      const serving = parts.filter((p) => p.routes.some((r) => r.area === area)).length;
      expect(
        invoke.map((p) => p.Properties.Principal),
        area,
      ).toEqual(Array(serving).fill("apigateway.amazonaws.com"));
    }
  });

  test("gives every area the table and the ARNs of the stage's secrets, and the bucket only to upload areas", () => {
    for (const [area, { handler }] of areas) {
      const env = functionWithHandler(branch.Api, handler)[1].Properties.Environment.Variables;
      expect(storageTarget(branch.Storage, env.XY_TABLE)).toBe("Table.Ref");
      expect([storageTarget(branch.Storage, env.XY_SECRET_KEYS), storageTarget(branch.Storage, env.XY_SECRET_ORIGIN)], area).toEqual(["StageKeys.Ref", "OriginSecret.Ref"]);
      if (MAY_UPLOAD.includes(area)) expect(storageTarget(branch.Storage, env.XY_BUCKET)).toBe("Uploads.Ref");
      else expect(env.XY_BUCKET, area).toBeUndefined();
    }
  });

  test("no function of any stack holds a secret in its environment, nor reads one from a template parameter, nor hashes passwords at the test cost", () => {
    let seen = 0;
    for (const [name, template] of Object.entries(branch)) {
      for (const [id, fn] of Object.entries(resources(template, "AWS::Lambda::Function"))) {
        const env = fn.Properties.Environment?.Variables ?? {};
        seen++;
        expect(
          Object.keys(env).filter((k) => /JWT|DATA_KEY|SECRET(?!_KEYS$|_ORIGIN$)/.test(k)),
          `${name} ${id}`,
        ).toEqual([]);
        // The test runs' cheaper password hashing (auth/passwords.ts) never reaches a deployed function.
        expect(env.XY_PASSWORD_COST, `${name} ${id}`).toBeUndefined();
      }
      const parameters = Object.values<any>(template.toJSON().Parameters ?? {});
      expect(
        parameters.filter((p) => /secret|\/xiangyu\//i.test(String(p.Default))),
        name,
      ).toEqual([]);
    }
    expect(seen).toBeGreaterThan(areas.length);
  });

  test("the stage's secrets are generated by the deploy (no step by hand), and every area may read those two and nothing else", () => {
    const stored = resources(branch.Storage, "AWS::SecretsManager::Secret");
    const generated = Object.entries(stored).map(([id, r]) => [id.replace(/[0-9A-F]{8}$/, ""), r.Properties.GenerateSecretString] as const);
    expect(Object.fromEntries(generated)).toEqual({
      StageKeys: expect.objectContaining({ GenerateStringKey: "master", SecretStringTemplate: "{}", PasswordLength: 64, ExcludePunctuation: true }),
      OriginSecret: expect.objectContaining({ PasswordLength: 48, ExcludePunctuation: true }),
    });
    // A branch stage's go with it; a durable stage's are kept (its data key must never change).
    for (const r of Object.values(stored)) expect(r.DeletionPolicy).toBe("Delete");
    for (const r of Object.values(resources(durable.Storage, "AWS::SecretsManager::Secret"))) expect(r.DeletionPolicy).toBe("Retain");
    for (const [area, { handler }] of areas) {
      const statements = functionStatements(branch.Api, functionWithHandler(branch.Api, handler)[1]);
      const reads = statements.filter((st) => actions(st).some((a) => a.startsWith("secretsmanager:")));
      expect([...new Set(reads.flatMap(actions))].sort(), area).toEqual(["secretsmanager:DescribeSecret", "secretsmanager:GetSecretValue"]);
      expect(
        reads
          .flatMap((st) => [st.Resource].flat())
          .map((r) => storageTarget(branch.Storage, r))
          .sort(),
        area,
      ).toEqual(["OriginSecret.Ref", "StageKeys.Ref"]);
      expect(
        statements.flatMap(actions).filter((a) => /^(ssm|kms):/.test(a)),
        area,
      ).toEqual([]);
    }
    for (const job of JOBS) {
      const statements = functionStatements(branch.Jobs, functionWithHandler(branch.Jobs, job.handler)[1]);
      expect(
        statements.flatMap(actions).filter((a) => /^(ssm|kms|secretsmanager):/.test(a)),
        job.name,
      ).toEqual([]);
    }
  });

  test("the customer import's request starts its worker asynchronously; only that area may invoke it", () => {
    const [workerId, worker] = functionWithHandler(branch.Api, importWorker.handler);
    expect(worker.Properties.Timeout).toBe(900);
    expect(worker.Properties.MemorySize).toBe(1536);
    expect(worker.Properties.Runtime).toBe("nodejs24.x");
    for (const [area, { handler }] of areas) {
      const [, fn] = functionWithHandler(branch.Api, handler);
      expect(fn.Properties.Timeout, area).toBe(29);
      const invokes = functionStatements(branch.Api, fn).filter((s) => actions(s).some((a) => a.startsWith("lambda:")));
      if (area !== "clientImport") {
        // The tenants area invokes the tenant-removal worker (its own test below), nothing else.
        if (area !== "tenants") expect(invokes, area).toEqual([]);
        expect(JSON.stringify(invokes), area).not.toContain(`"${workerId}"`);
        expect(fn.Properties.Environment.Variables.XY_IMPORT_WORKER, area).toBeUndefined();
        continue;
      }
      expect(targetId(fn.Properties.Environment.Variables.XY_IMPORT_WORKER)).toBe(workerId);
      expect(invokes.flatMap(actions)).toEqual(["lambda:InvokeFunction"]);
      const targets = invokes.flatMap((s) => [s.Resource].flat());
      expect(targets.length).toBeGreaterThan(0);
      for (const t of targets) expect(JSON.stringify(t)).toContain(`"${workerId}"`);
    }
    // Resumable from its checkpoint (issue 37), so Lambda runs a failed import again; what still fails is dead-lettered.
    const config = Object.values(resources(branch.Api, "AWS::Lambda::EventInvokeConfig")).find((c) => targetId(c.Properties.FunctionName) === workerId);
    expect(config?.Properties.MaximumRetryAttempts).toBe(importWorker.retryAttempts);
    expect(resources(branch.Api, "AWS::SQS::Queue")[targetId(config?.Properties.DestinationConfig.OnFailure.Destination)!]).toBeDefined();
    // The worker reads the sheet and writes the table, and holds no secret; its own fixed name, to
    // hand over to a fresh invocation of itself, and the right to invoke that one function.
    const env = worker.Properties.Environment.Variables;
    expect(
      Object.keys(env)
        .filter((k) => k.startsWith("XY_"))
        .sort(),
    ).toEqual(["XY_BUCKET", "XY_IMPORT_WORKER", "XY_TABLE"]);
    expect(env.XY_IMPORT_WORKER).toBe(worker.Properties.FunctionName);
    const selfInvoke = functionStatements(branch.Api, worker).filter((s) => actions(s).some((a) => a.startsWith("lambda:")));
    expect(selfInvoke.flatMap(actions)).toEqual(["lambda:InvokeFunction"]);
    expect(JSON.stringify(selfInvoke.flatMap((s) => [s.Resource].flat()))).toContain(`function:${worker.Properties.FunctionName}`);
  });

  test("a tenant delete starts the removal worker, a Lambda of its own; only the tenants area may invoke it", () => {
    const [workerId, worker] = functionWithHandler(branch.Api, tenantWorker.handler);
    expect([worker.Properties.Timeout, worker.Properties.MemorySize, worker.Properties.Runtime]).toEqual([900, 512, "nodejs24.x"]);
    for (const [area, { handler }] of areas) {
      const [, fn] = functionWithHandler(branch.Api, handler);
      const invokes = functionStatements(branch.Api, fn).filter((s) => actions(s).some((a) => a.startsWith("lambda:")));
      if (area !== "tenants") {
        expect(JSON.stringify(invokes), area).not.toContain(`"${workerId}"`);
        expect(fn.Properties.Environment.Variables.XY_TENANT_WORKER, area).toBeUndefined();
        continue;
      }
      // Without the name the tenants Lambda would run the removal itself, inside a 29 s request.
      expect(fn.Properties.Environment.Variables.XY_TENANT_WORKER).toBe(worker.Properties.FunctionName);
      expect(invokes.flatMap(actions)).toEqual(["lambda:InvokeFunction"]);
      const targets = invokes.flatMap((s) => [s.Resource].flat());
      expect(targets.length).toBeGreaterThan(0);
      for (const t of targets) expect(JSON.stringify(t)).toContain(`"${workerId}"`);
    }
    // Idempotent, so Lambda runs a failed removal again; what still fails is dead-lettered.
    const config = Object.values(resources(branch.Api, "AWS::Lambda::EventInvokeConfig")).find((c) => targetId(c.Properties.FunctionName) === workerId);
    expect(config?.Properties.MaximumRetryAttempts).toBe(tenantWorker.retryAttempts);
    expect(resources(branch.Api, "AWS::SQS::Queue")[targetId(config?.Properties.DestinationConfig.OnFailure.Destination)!]).toBeDefined();
    // The table only: no secrets, no bucket (uploaded files of a deleted tenant stay, docs/decisions.md);
    // its own fixed name, to hand over to a fresh invocation of itself, and the right to invoke that one function.
    expect(Object.keys(worker.Properties.Environment.Variables).filter((k) => k.startsWith("XY_"))).toEqual(["XY_TABLE", "XY_TENANT_WORKER"]);
    expect(worker.Properties.Environment.Variables.XY_TENANT_WORKER).toBe(worker.Properties.FunctionName);
    const selfInvoke = functionStatements(branch.Api, worker).filter((s) => actions(s).some((a) => a.startsWith("lambda:")));
    expect(selfInvoke.flatMap(actions)).toEqual(["lambda:InvokeFunction"]);
    expect(JSON.stringify(selfInvoke.flatMap((s) => [s.Resource].flat()))).toContain(`function:${worker.Properties.FunctionName}`);
    // No Scan: the tenant's items are found on the tenant index.
    expect(functionStatements(branch.Api, worker).flatMap(actions)).not.toContain(TABLE_SCAN_ACTION);
  });

  test("the stage throttles by default and tighter for sign-in and imports, and logs every request as JSON", () => {
    const stages = Object.values(resources(branch.Routes, "AWS::ApiGatewayV2::Stage"));
    expect(stages).toHaveLength(apiIds().length);
    const settings = (key: string) => stages.find((st) => st.Properties.RouteSettings?.[key])?.Properties.RouteSettings[key];
    for (const st of stages) expect(st.Properties.StageName).toBe("$default");
    for (const st of stages) expect(st.Properties.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: THROTTLE.default.rate, ThrottlingBurstLimit: THROTTLE.default.burst });
    const stage = { Properties: { RouteSettings: new Proxy({}, { get: (_t, key: string) => settings(key), has: (_t, key: string) => settings(key) !== undefined }) } } as any;
    expect(stage.Properties.RouteSettings["POST /gateway/oauth/login"]).toEqual({ ThrottlingRateLimit: THROTTLE.signIn.rate, ThrottlingBurstLimit: THROTTLE.signIn.burst });
    expect(stage.Properties.RouteSettings["POST /xiangyu/api/client/clientimport"]).toEqual({
      ThrottlingRateLimit: THROTTLE.heavy.rate,
      ThrottlingBurstLimit: THROTTLE.heavy.burst,
    });
    // The website's public reads (cacheable, no session) have their own class.
    for (const key of ["GET /gateway/api/information/loadListByFunctionId", "GET /gateway/oauth/loadWebsiteConfig", "GET /gateway/api/manage/appcenter/loadfrontmenu/{mainMenuId}"])
      expect(stage.Properties.RouteSettings[key]).toEqual({ ThrottlingRateLimit: THROTTLE.website.rate, ThrottlingBurstLimit: THROTTLE.website.burst });
    expect(stage.Properties.RouteSettings["GET /gateway/api/information/preview"]).toBeUndefined();
    for (const st of stages) {
      const routeIds = Object.entries(resources(branch.Routes, "AWS::ApiGatewayV2::Route"))
        .filter(([, r]) => r.Properties.RouteKey in (st.Properties.RouteSettings ?? {}))
        .map(([id]) => id);
      expect((st as any).DependsOn ?? []).toEqual(expect.arrayContaining(routeIds));
    }
    const [logId, log] = only(branch.Routes, "AWS::Logs::LogGroup");
    expect(log.Properties.RetentionInDays).toBe(30);
    for (const st of stages) expect(targetId(st.Properties.AccessLogSettings.DestinationArn)).toBe(logId);
    const format = JSON.parse(stages[0]!.Properties.AccessLogSettings.Format);
    expect(format).toMatchObject({
      requestId: "$context.requestId",
      status: "$context.status",
      routeKey: "$context.routeKey",
      integrationError: "$context.integrationErrorMessage",
    });
    expect(JSON.stringify(format)).not.toMatch(/authorization|header/i);
  });
});

describe("Web and Site (CloudFront)", () => {
  const distribution = (t: Template) => only(t, "AWS::CloudFront::Distribution")[1].Properties.DistributionConfig;
  const headersPolicy = (t: Template, ref: any) =>
    resources(t, "AWS::CloudFront::ResponseHeadersPolicy")[targetId(ref)!]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
  const expectSecurityHeaders = (config: any, csp: string) => {
    expect(config.ContentSecurityPolicy).toEqual({ ContentSecurityPolicy: csp, Override: true });
    expect(config.ContentSecurityPolicy.ContentSecurityPolicy).toContain("frame-ancestors 'none'");
    expect(config.ContentTypeOptions).toEqual({ Override: true });
    expect(config.ReferrerPolicy).toEqual({ ReferrerPolicy: "strict-origin-when-cross-origin", Override: true });
    expect(config.StrictTransportSecurity).toEqual({ AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Override: true });
    expect(config.FrameOptions).toEqual({ FrameOption: "DENY", Override: true });
  };

  test("the sites' build commands are the production build script", () => {
    expect(buildCommands).toEqual({ Console: CONSOLE_BUILD, Website: SITE_BUILD });
  });

  test("console pages carry the security headers, with the console's own CSP plus frame-ancestors 'none'", () => {
    const config = distribution(branch.Web);
    expectSecurityHeaders(headersPolicy(branch.Web, config.DefaultCacheBehavior.ResponseHeadersPolicyId), CONSOLE_CSP);
    // What the console's index.html meta tag allows (web/vite.config.ts) is what the header allows.
    const meta = /const CSP = "([^"]+)"/.exec(readFileSync(resolve(import.meta.dirname, "../web/vite.config.ts"), "utf8"))![1]!;
    for (const directive of meta.split(";").map((d) => d.trim())) expect(CONSOLE_CSP.split("; "), directive).toContain(directive);
    expect(CONSOLE_CSP).toContain("'wasm-unsafe-eval'");
  });

  test("API replies through CloudFront are compressed, never cached across callers, and carry the security headers", () => {
    const config = distribution(branch.Web);
    expect(config.CacheBehaviors.length).toBeGreaterThan(0);
    const policies = resources(branch.Web, "AWS::CloudFront::CachePolicy");
    for (const b of config.CacheBehaviors) {
      expect(b.Compress, b.PathPattern).toBe(true);
      expectSecurityHeaders(headersPolicy(branch.Web, b.ResponseHeadersPolicyId), API_CSP);
      const cache = policies[targetId(b.CachePolicyId)!]!.Properties.CachePolicyConfig;
      expect([cache.DefaultTTL, cache.MinTTL, cache.MaxTTL], b.PathPattern).toEqual([0, 0, 1]);
      const key = cache.ParametersInCacheKeyAndForwardedToOrigin;
      expect([key.EnableAcceptEncodingGzip, key.EnableAcceptEncodingBrotli]).toEqual([true, true]);
      expect(key.HeadersConfig).toEqual({ HeaderBehavior: "whitelist", Headers: ["Authorization", "functionId", "branchId", "appId"] });
      expect(key.QueryStringsConfig.QueryStringBehavior).toBe("all");
    }
  });

  test("API requests reach the origin with the stage's origin secret (by reference) and CloudFront's viewer-address header", () => {
    const config = distribution(branch.Web);
    const apiOrigins = new Set(config.CacheBehaviors.map((b: any) => b.TargetOriginId));
    const origins = config.Origins.filter((o: any) => apiOrigins.has(o.Id));
    // One origin per HTTP API, each path pattern to the API the plan gives it, in the plan's order.
    const { parts, patterns } = routePlan();
    expect(origins.length).toBe(parts.length);
    expect(config.CacheBehaviors.map((b: any) => b.PathPattern)).toEqual(patterns.map((p) => p.pattern));
    const apiOf = (b: any) => {
      const domain = JSON.stringify(config.Origins.find((o: any) => o.Id === b.TargetOriginId).DomainName);
      return Object.keys(resources(branch.Routes, "AWS::ApiGatewayV2::Api")).findIndex((id) => domain.includes(id));
    };
    for (const [i, b] of config.CacheBehaviors.entries()) expect(apiOf(b), b.PathPattern).toBe(patterns[i]!.part);
    // The value is resolved by CloudFormation at deploy: the template holds only the parameter's name.
    for (const o of origins) expect(o.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_HEADER, HeaderValue: originReference }]);
    // AWS's managed AllViewerExceptHostHeader policy: every viewer header but Host, plus CloudFront's own (CloudFront-Viewer-Address).
    for (const b of config.CacheBehaviors) expect(b.OriginRequestPolicyId, b.PathPattern).toBe("b689b0a8-53d0-40ab-baf2-68738e2966ac");
  });

  test("website pages carry the security headers", () => {
    const config = distribution(branch.Site);
    expectSecurityHeaders(headersPolicy(branch.Site, config.DefaultCacheBehavior.ResponseHeadersPolicyId), WEBSITE_CSP);
    expect(config.DefaultCacheBehavior.Compress).toBe(true);
  });

  test("both distributions sit behind their own AWS WAF web ACL and have a CloudFront 5xx alarm (both made in us-east-1 by the edge custom resource)", () => {
    for (const [t, site] of [
      [branch.Web, "console"],
      [branch.Site, "website"],
    ] as const) {
      const config = distribution(t);
      const acl = config.WebACLId["Fn::GetAtt"];
      expect(acl?.[1]).toBe("Arn");
      const custom = Object.entries(t.toJSON().Resources as Record<string, Resource>).filter(
        ([, r]) => r.Type.startsWith("Custom::") || r.Type === "AWS::CloudFormation::CustomResource",
      );
      const [, webAcl] = custom.find(([id]) => id === acl[0])!;
      expect(webAcl.Properties).toMatchObject({ kind: "webAcl", site, name: `xiangyu-${BRANCH}-${site}` });
      expect(custom.some(([, r]) => r.Properties.kind === "alarm")).toBe(true);
    }
  });

  test("the website's 404s stay 404s: no distribution-wide error pages; every address but the files is a page of the content Lambda", () => {
    const config = distribution(branch.Site);
    expect(config.CustomErrorResponses).toBeUndefined();
    const [fn] = config.DefaultCacheBehavior.FunctionAssociations;
    expect(fn.EventType).toBe("viewer-request");
    expect(resources(branch.Site, "AWS::CloudFront::Function")[targetId(fn.FunctionARN)!]!.Properties.FunctionCode).toBe(SITE_PAGE_REQUEST);
    // The build's files come from the bucket, as they are.
    const behaviors = new Map<string, any>(config.CacheBehaviors.map((b: any) => [b.PathPattern, b]));
    // The hashed files from the website's bucket, or, missing there, the console's (the member H5's, an origin group).
    const group = config.OriginGroups.Items.find((g: any) => g.Id === behaviors.get("/assets/*")?.TargetOriginId);
    const [primary, fallback] = group.Members.Items.map((m: any) => config.Origins.find((o: any) => o.Id === m.OriginId));
    // CloudFront keeps a failover member as an origin of its own: the same bucket, by its domain.
    const bucketOf = (o: any) => (o?.S3OriginConfig ? JSON.stringify(o.DomainName) : null);
    const websiteBucket = bucketOf(primary);
    expect(websiteBucket).toContain("WebsiteFiles");
    expect(JSON.stringify(fallback.DomainName)).toContain("ConsoleDistribution");
    expect(group.FailoverCriteria.StatusCodes.Items.sort()).toEqual([403, 404]);
    for (const path of SITE_FILE_PATHS) {
      if (path !== "/assets/*") expect(bucketOf(config.Origins.find((o: any) => o.Id === behaviors.get(path)?.TargetOriginId)), path).toBe(websiteBucket);
      expect(behaviors.get(path).FunctionAssociations ?? [], path).toEqual([]);
      expect(behaviors.get(path).Compress, path).toBe(true);
    }
  });

  test("both sites' files: read by CloudFront through origin access control, HTTPS only, access logged; both distributions log to the log bucket", () => {
    for (const t of [branch.Web, branch.Site]) {
      const config = distribution(t);
      expect(resources(t, "AWS::CloudFront::CloudFrontOriginAccessIdentity")).toEqual({});
      const [oacId] = only(t, "AWS::CloudFront::OriginAccessControl");
      const s3 = config.Origins.find((o: any) => o.S3OriginConfig);
      expect(targetId(s3.OriginAccessControlId)).toBe(oacId);
      const [, bucket] = only(t, "AWS::S3::Bucket");
      expect(bucket.Properties.LoggingConfiguration.DestinationBucketName).toBeDefined();
      expect(config.Logging.Bucket).toBeDefined();
      expect(config.Logging.Prefix).toMatch(/^cloudfront\/(console|website)\/$/);
    }
  });

  test("the website's own domain sends its public reads and its pages to the API: read-only, cached as the origin says, keyed on query and host", () => {
    const config = distribution(branch.Site);
    const all = new Map<string, any>(config.CacheBehaviors.map((b: any) => [b.PathPattern, b]));
    expect([...all.keys()].sort()).toEqual([...SITE_MEMBER_API_PATHS, ...SITE_API_PATHS, ...SITE_UPLOAD_PATHS, ...SITE_MEMBER_PATHS, ...SITE_FILE_PATHS].sort());
    // The API's paths and the default behaviour (the pages).
    const behaviors = new Map<string, any>([...SITE_API_PATHS.map((p) => [p, all.get(p)] as const), ["*", config.DefaultCacheBehavior]]);
    const cachePolicies = resources(branch.Site, "AWS::CloudFront::CachePolicy");
    const originPolicies = resources(branch.Site, "AWS::CloudFront::OriginRequestPolicy");
    const functions = resources(branch.Site, "AWS::CloudFront::Function");
    for (const [path, b] of behaviors) {
      expect(b.AllowedMethods, path).toEqual(["GET", "HEAD", "OPTIONS"]);
      expect(b.Compress, path).toBe(true);
      const cache = cachePolicies[targetId(b.CachePolicyId)!]!.Properties.CachePolicyConfig;
      // TTL 0 unless the origin's Cache-Control says otherwise, never past the cap.
      expect([cache.MinTTL, cache.DefaultTTL, cache.MaxTTL], path).toEqual([0, 0, SITE_API_MAX_TTL_S]);
      const key = cache.ParametersInCacheKeyAndForwardedToOrigin;
      expect(key.HeadersConfig).toEqual({ HeaderBehavior: "whitelist", Headers: ["x-forwarded-host"] });
      expect(key.QueryStringsConfig.QueryStringBehavior).toBe("all");
      expect(key.CookiesConfig.CookieBehavior).toBe("none");
      const origin = originPolicies[targetId(b.OriginRequestPolicyId)!]!.Properties.OriginRequestPolicyConfig;
      expect(origin.HeadersConfig.Headers).not.toContain("Authorization");
      expect(origin.CookiesConfig.CookieBehavior).toBe("none");
      // The viewer's host is copied into X-Forwarded-Host before the cache key is made.
      const [fn] = b.FunctionAssociations;
      expect(fn.EventType).toBe("viewer-request");
      expect(functions[targetId(fn.FunctionARN)!]!.Properties.FunctionCode).toContain(`request.headers["x-forwarded-host"]`);
    }
    expectSecurityHeaders(headersPolicy(branch.Site, behaviors.get("/gateway/*").ResponseHeadersPolicyId), API_CSP);
    expectSecurityHeaders(headersPolicy(branch.Site, behaviors.get("*").ResponseHeadersPolicyId), WEBSITE_CSP);
    // Both go to the stage's API with its origin secret, as the console's API paths do.
    const origins = config.Origins.filter((o: any) => o.Id === behaviors.get("/gateway/*").TargetOriginId);
    expect(origins[0].OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_HEADER, HeaderValue: originReference }]);
    expect(behaviors.get("*").TargetOriginId).toBe(behaviors.get("/gateway/*").TargetOriginId);
  });

  test("the website's own domain serves what its pages link: stored pictures read-only and keyed on the path, the member H5 and its routes as on the console's distribution", () => {
    const config = distribution(branch.Site);
    const order = config.CacheBehaviors.map((b: any) => b.PathPattern);
    const all = new Map<string, any>(config.CacheBehaviors.map((b: any) => [b.PathPattern, b]));
    const cachePolicies = resources(branch.Site, "AWS::CloudFront::CachePolicy");
    // Pictures: the API's redirect, GET only, kept as the origin says up to the cap, keyed on the path alone.
    for (const path of SITE_UPLOAD_PATHS) {
      const b = all.get(path);
      expect(b.AllowedMethods, path).toEqual(["GET", "HEAD", "OPTIONS"]);
      // The API's origin with its secret (the one serving /uploader/files: siteRoutes.test.ts checks which).
      expect(config.Origins.find((o: any) => o.Id === b.TargetOriginId).OriginCustomHeaders, path).toEqual([{ HeaderName: ORIGIN_HEADER, HeaderValue: originReference }]);
      const cache = cachePolicies[targetId(b.CachePolicyId)!]!.Properties.CachePolicyConfig;
      expect([cache.MinTTL, cache.DefaultTTL, cache.MaxTTL], path).toEqual([0, 0, SITE_API_MAX_TTL_S]);
      const key = cache.ParametersInCacheKeyAndForwardedToOrigin;
      expect([key.HeadersConfig.HeaderBehavior, key.QueryStringsConfig.QueryStringBehavior, key.CookiesConfig.CookieBehavior]).toEqual(["none", "none", "none"]);
      expect(b.FunctionAssociations ?? []).toEqual([]);
    }
    // The member routes: before the website's cached /gateway/* reads; every method, nothing kept, every header but Host, the API's origin with its secret.
    for (const path of SITE_MEMBER_API_PATHS) {
      const b = all.get(path);
      if (path.startsWith("/gateway/")) expect(order.indexOf(path), path).toBeLessThan(order.indexOf("/gateway/*"));
      expect(b.AllowedMethods, path).toEqual(["GET", "HEAD", "OPTIONS", "PUT", "PATCH", "POST", "DELETE"]);
      expect(b.OriginRequestPolicyId, path).toBe("b689b0a8-53d0-40ab-baf2-68738e2966ac");
      const cache = cachePolicies[targetId(b.CachePolicyId)!]!.Properties.CachePolicyConfig;
      expect(cache.MaxTTL, path).toBe(1);
      expect(cache.ParametersInCacheKeyAndForwardedToOrigin.HeadersConfig.Headers, path).toContain("Authorization");
      const origin = config.Origins.find((o: any) => o.Id === b.TargetOriginId);
      expect(origin.OriginCustomHeaders, path).toEqual([{ HeaderName: ORIGIN_HEADER, HeaderValue: originReference }]);
      expectSecurityHeaders(headersPolicy(branch.Site, b.ResponseHeadersPolicyId), API_CSP);
    }
    // The H5's page from the console's distribution, with the console's policy; the same origin is the hashed files' fallback.
    const [consoleDistribution] = only(branch.Web, "AWS::CloudFront::Distribution");
    for (const path of SITE_MEMBER_PATHS) {
      const b = all.get(path);
      expect(b.AllowedMethods ?? ["GET", "HEAD"], path).toEqual(["GET", "HEAD"]);
      const origin = config.Origins.find((o: any) => o.Id === b.TargetOriginId);
      expect(origin.CustomOriginConfig.OriginProtocolPolicy, path).toBe("https-only");
      expect(exported(branch.Web, origin.DomainName), path).toEqual({ "Fn::GetAtt": [consoleDistribution, "DomainName"] });
      expectSecurityHeaders(headersPolicy(branch.Site, b.ResponseHeadersPolicyId), CONSOLE_CSP);
      const group = config.OriginGroups.Items.find((g: any) => g.Id === all.get("/assets/*").TargetOriginId);
      expect(group.Members.Items.map((m: any) => m.OriginId)[1]).toBe(b.TargetOriginId);
    }
  });

  test("a stage with its own domains: aliases for it and its tenants' domains, the given certificate, TLS 1.2 at least, CORS for each", () => {
    const web = distribution(durable.Web);
    expect(web.Aliases).toEqual(["console.example.com", "admin.hotel-a.example.org", "admin.hotel-b.example.org"]);
    expect(web.ViewerCertificate).toEqual({ AcmCertificateArn: CERTIFICATE_ARN, MinimumProtocolVersion: "TLSv1.2_2021", SslSupportMethod: "sni-only" });
    const site = distribution(durable.Site);
    expect(site.Aliases).toEqual(["www.example.com"]);
    expect(site.ViewerCertificate.MinimumProtocolVersion).toBe("TLSv1.2_2021");
    const [, cors] = only(durable.Web, "Custom::AWS");
    const text = JSON.stringify(cors.Properties.Create);
    for (const origin of ["https://console.example.com", "https://admin.hotel-a.example.org", "https://admin.hotel-b.example.org"]) expect(text).toContain(origin);
    // Compliant, so nothing kept: no CFR4 finding at all on a distribution with its own certificate.
    expect(nagLog.findings.filter((f) => f.path.startsWith("main-") && f.rule === "AwsSolutions-CFR4")).toEqual([]);
  });

  test("the uploads bucket's CORS allows the stage's console origin only", () => {
    const [, cors] = only(branch.Web, "Custom::AWS");
    for (const phase of ["Create", "Update"]) {
      const [, parts] = cors.Properties[phase]["Fn::Join"];
      const text = parts.map((p: any) => (typeof p === "string" ? p : `<${JSON.stringify(p)}>`)).join("");
      expect(text).toContain(`"action":"PutBucketCors"`);
      expect(
        storageTarget(
          branch.Storage,
          parts.find((p: any) => p["Fn::ImportValue"]),
        ),
      ).toBe("Uploads.Ref");
      const distributionId = only(branch.Web, "AWS::CloudFront::Distribution")[0];
      expect(text).toContain(`"AllowedOrigins":["https://<{"Fn::GetAtt":["${distributionId}","DomainName"]}>"]`);
      expect(text).not.toMatch(/"AllowedOrigins":\[[^\]]*"\*"/);
    }
    // The function setting it may change that bucket's CORS, and nothing else.
    const statements = Object.values(resources(branch.Web, "AWS::IAM::Policy"))
      .flatMap((p) => p.Properties.PolicyDocument.Statement)
      .filter((st: Statement) => actions(st).includes("s3:PutBucketCORS"));
    expect(statements).toHaveLength(1);
    expect(statements.flatMap(actions)).toEqual(["s3:PutBucketCORS"]);
    expect(storageTarget(branch.Storage, statements[0]!.Resource)).toBe("Uploads.Arn");
  });
});

describe("Alarms", () => {
  const alarms = () => Object.values(resources(branch.Alarms, "AWS::CloudWatch::Alarm"));
  /** The alarms on a metric whose dimension points at a resource of another stack. */
  const alarmsOn = (metricName: string, from: Template, id: string, dimension: string) =>
    alarms().filter(
      (a) => a.Properties.MetricName === metricName && (a.Properties.Dimensions ?? []).some((d: any) => d.Name === dimension && targetId(exported(from, d.Value)) === id),
    );

  test("every alarm notifies the stage's alarm topic, and no data is no alarm", () => {
    const [topicId] = only(branch.Alarms, "AWS::SNS::Topic");
    expect(alarms().length).toBeGreaterThan(0);
    for (const a of alarms()) {
      expect(a.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(a.Properties.TreatMissingData).toBe("notBreaching");
    }
  });

  test("each API's 5xx share over five minutes, with at least 20 requests", () => {
    const rates = alarms().filter((a) => a.Properties.Metrics?.some((m: any) => /errors \/ requests/.test(m.Expression ?? "")));
    const apiIds = Object.keys(resources(branch.Routes, "AWS::ApiGatewayV2::Api"));
    expect(rates).toHaveLength(apiIds.length);
    for (const rate of rates) {
      expect(rate.Properties.Threshold).toBe(THRESHOLDS.api5xxPercent);
      expect(rate.Properties.Metrics.find((m: any) => m.Expression).Expression).toContain(`requests >= ${THRESHOLDS.minRequests}`);
      const stat = (id: string) => rate.Properties.Metrics.find((m: any) => m.Id === id).MetricStat;
      expect([stat("errors").Metric.Namespace, stat("errors").Metric.MetricName, stat("errors").Stat, stat("errors").Period]).toEqual(["AWS/ApiGateway", "5xx", "Sum", 300]);
      expect(stat("requests").Metric.MetricName).toBe("Count");
    }
    const watched = rates.map((r) => targetId(exported(branch.Routes, r.Properties.Metrics.find((m: any) => m.Id === "errors").MetricStat.Metric.Dimensions[0].Value)));
    expect(watched.sort()).toEqual(apiIds.sort());
  });

  test("each area's failure share and p99 duration; workers and jobs through their dead-letter queues only", () => {
    for (const [area, { handler }] of areas) {
      const [fnId] = functionWithHandler(branch.Api, handler);
      const failing = alarms().filter((a) =>
        a.Properties.Metrics?.some(
          (m: any) => m.MetricStat?.Metric.MetricName === "Errors" && m.MetricStat.Metric.Dimensions.some((d: any) => targetId(exported(branch.Api, d.Value)) === fnId),
        ),
      );
      expect(failing, area).toHaveLength(1);
      const expression = failing[0]!.Properties.Metrics.find((m: any) => m.Expression).Expression;
      expect(expression).toContain(`>= ${THRESHOLDS.areaFailures}`);
      expect(expression).toContain(`>= ${THRESHOLDS.areaFailurePercent}`);
      const p99 = alarmsOn("Duration", branch.Api, fnId, "FunctionName");
      expect(p99, area).toHaveLength(1);
      expect([p99[0]!.Properties.ExtendedStatistic, p99[0]!.Properties.Threshold, p99[0]!.Properties.EvaluationPeriods]).toEqual([
        "p99",
        THRESHOLDS.areaP99Ms,
        THRESHOLDS.areaP99Periods,
      ]);
    }
    // A job's or a worker's first failure is retried: no alarm on its Errors, its dead-letter queue alarms.
    for (const job of JOBS) expect(alarmsOn("Errors", branch.Jobs, functionWithHandler(branch.Jobs, job.handler)[0], "FunctionName"), job.name).toEqual([]);
    // 91 alarms before, most on a single event; now each is a share, a latency or a lost event.
    expect(alarms().length).toBeLessThan(2 * areas.length + 30);
  });

  test("429s across the APIs, counted from the access log", () => {
    const [, filter] = only(branch.Alarms, "AWS::Logs::MetricFilter");
    expect(filter.Properties.FilterPattern).toBe('{ $.status = "429" }');
    expect(targetId(exported(branch.Routes, filter.Properties.LogGroupName))).toBe(only(branch.Routes, "AWS::Logs::LogGroup")[0]);
    const [metric] = filter.Properties.MetricTransformations;
    const [alarm] = alarms().filter((a) => a.Properties.MetricName === metric.MetricName);
    expect([alarm!.Properties.Namespace, alarm!.Properties.Threshold]).toEqual([`Xiangyu/${BRANCH}`, THRESHOLDS.throttled429]);
  });

  test("one dashboard for the stage, with the APIs, the areas, DynamoDB and the dead-letter queues", () => {
    const [, board] = only(branch.Alarms, "AWS::CloudWatch::Dashboard");
    expect(board.Properties.DashboardName).toBe(`xiangyu-${BRANCH}`);
    const body = JSON.stringify(board.Properties.DashboardBody);
    for (const title of ["API requests", "API 4xx / 5xx", "API latency p99", "Areas p99 duration", "Areas failures", "DynamoDB capacity used", "Dead-letter queues"])
      expect(body).toContain(title);
  });

  test("DynamoDB throttling on the table and each index", () => {
    const [tableId] = only(branch.Storage, "AWS::DynamoDB::Table");
    for (const metric of ["ReadThrottleEvents", "WriteThrottleEvents"]) {
      const found = alarmsOn(metric, branch.Storage, tableId, "TableName");
      const indexes = found.map((a) => a.Properties.Dimensions.find((d: any) => d.Name === "GlobalSecondaryIndexName")?.Value ?? "table").sort();
      expect(indexes, metric).toEqual(["table", ...ALL_INDEXES].sort());
    }
  });

  test("a message in any dead-letter queue", () => {
    const queues = [
      ...Object.keys(resources(branch.Api, "AWS::SQS::Queue")).map((id) => [branch.Api, id] as const),
      ...Object.keys(resources(branch.Jobs, "AWS::SQS::Queue")).map((id) => [branch.Jobs, id] as const),
    ];
    // One per job, the import worker's, the tenant-removal worker's, the month worker's and the task runner's.
    expect(queues).toHaveLength(JOBS.length + 4);
    for (const [template, id] of queues) {
      const [a] = alarmsOn("ApproximateNumberOfMessagesVisible", template, id, "QueueName").filter(Boolean);
      expect(a, id).toBeDefined();
      expect([a!.Properties.Threshold, a!.Properties.Statistic]).toEqual([1, "Maximum"]);
    }
  });
});

describe("Jobs", () => {
  test("every job of the manifest runs on its schedule, on its own function", () => {
    const rules = Object.values(resources(branch.Jobs, "AWS::Events::Rule"));
    expect(rules).toHaveLength(JOBS.length);
    for (const job of JOBS) {
      const [fnId, fn] = functionWithHandler(branch.Jobs, job.handler);
      expect(fn.Properties.Runtime).toBe("nodejs24.x");
      // Found by its target: two jobs may share a schedule (rate(1 minute)).
      const rule = rules.find((r) => r.Properties.Targets.some((t: any) => targetId(t.Arn) === fnId));
      expect(rule, job.name).toBeDefined();
      expect(rule!.Properties.ScheduleExpression, job.name).toBe(job.schedule);
      expect(rule!.Properties.State).toBe("ENABLED");
      expect(rule!.Properties.Targets.map((t: any) => targetId(t.Arn))).toEqual([fnId]);
    }
  });

  test("a failed run ends in the job's own dead-letter queue, after retries, from EventBridge and from Lambda", () => {
    const rules = Object.values(resources(branch.Jobs, "AWS::Events::Rule"));
    const queues = resources(branch.Jobs, "AWS::SQS::Queue");
    const configs = Object.values(resources(branch.Jobs, "AWS::Lambda::EventInvokeConfig"));
    const dlqs = new Set<string>();
    for (const job of JOBS) {
      const [fnId] = functionWithHandler(branch.Jobs, job.handler);
      const [target] = rules.find((r) => r.Properties.Targets.some((t: any) => targetId(t.Arn) === fnId))!.Properties.Targets;
      expect(target.RetryPolicy.MaximumRetryAttempts, job.name).toBe(2);
      expect(target.RetryPolicy.MaximumEventAgeInSeconds, job.name).toBe(Math.min(Math.max(job.everyMs / 1000, 60), 7200));
      const dlqId = targetId(target.DeadLetterConfig.Arn)!;
      expect(queues[dlqId], job.name).toBeDefined();
      expect(queues[dlqId]!.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
      dlqs.add(dlqId);
      const config = configs.find((c) => targetId(c.Properties.FunctionName) === fnId);
      expect(config?.Properties.MaximumRetryAttempts, job.name).toBe(2);
      expect(targetId(config?.Properties.DestinationConfig.OnFailure.Destination), job.name).toBe(dlqId);
    }
    expect(dlqs.size).toBe(JOBS.length);
  });

  test("the split-bill month job runs at 02:00 Asia/Shanghai on the 1st, with 15 minutes and 512 MB, and may only read and write table items", () => {
    const job = JOBS.find((j) => j.name === "splitBillMonth")!;
    const [fnId, fn] = functionWithHandler(branch.Jobs, job.handler);
    const rule = Object.values(resources(branch.Jobs, "AWS::Events::Rule")).find((r) => r.Properties.ScheduleExpression === "cron(0 18 L * ? *)");
    expect(rule!.Properties.Targets.map((t: any) => targetId(t.Arn))).toEqual([fnId]);
    // 18:00 UTC on the last day of every month is 02:00 on the 1st in Shanghai (UTC+8, no summer time).
    for (let m = 0; m < 12; m++) {
      const lastDay = new Date(Date.UTC(2027, m + 1, 0, 18, 0));
      const shanghai = new Date(lastDay.getTime() + 8 * 3600_000);
      expect([shanghai.getUTCDate(), shanghai.getUTCHours(), shanghai.getUTCMinutes()]).toEqual([1, 2, 0]);
    }
    expect(fn.Properties.Timeout).toBe(900);
    expect(fn.Properties.MemorySize).toBe(512);
    const granted = functionStatements(branch.Jobs, fn).flatMap(actions);
    const table = granted.filter((a) => a.startsWith("dynamodb:"));
    expect(table.filter((a) => !(TABLE_ITEM_ACTIONS as readonly string[]).includes(a))).toEqual([]);
    expect(table).not.toContain(TABLE_SCAN_ACTION);
    // Besides the table: its dead-letter queue, tracing and starting the month worker (no bucket, secrets, keys or other functions).
    expect([...new Set(granted.filter((a) => !a.startsWith("dynamodb:")).map((a) => a.split(":")[0]))].sort()).toEqual(["lambda", "sqs", "xray"]);
    const [workerId] = functionWithHandler(branch.Jobs, monthWorkerDef.handler);
    const invokes = functionStatements(branch.Jobs, fn).filter((s) => actions(s).some((a) => a.startsWith("lambda:")));
    expect(invokes.flatMap(actions)).toEqual(["lambda:InvokeFunction"]);
    for (const t of invokes.flatMap((s) => [s.Resource].flat())) expect(JSON.stringify(t)).toContain(`"${workerId}"`);
    expect(targetId(fn.Properties.Environment.Variables[monthWorkerDef.environmentName])).toBe(workerId);
  });

  test("the month worker: one tenant's month per asynchronous invoke, the table only, retried by Lambda, then dead-lettered", () => {
    const [workerId, worker] = functionWithHandler(branch.Jobs, monthWorkerDef.handler);
    expect([worker.Properties.Timeout, worker.Properties.MemorySize, worker.Properties.Runtime]).toEqual([monthWorkerDef.timeout, 512, "nodejs24.x"]);
    expect(Object.keys(worker.Properties.Environment.Variables).filter((k) => k.startsWith("XY_"))).toEqual(["XY_TABLE"]);
    const granted = functionStatements(branch.Jobs, worker).flatMap(actions);
    expect(granted.filter((a) => a.startsWith("dynamodb:")).sort()).toEqual([...TABLE_ITEM_ACTIONS].sort());
    expect(granted.filter((a) => /^(s3|lambda|scheduler|iam|secretsmanager):/.test(a))).toEqual([]);
    const config = Object.values(resources(branch.Jobs, "AWS::Lambda::EventInvokeConfig")).find((c) => targetId(c.Properties.FunctionName) === workerId);
    expect(config?.Properties.MaximumRetryAttempts).toBe(monthWorkerDef.retryAttempts);
    const dlqId = targetId(config?.Properties.DestinationConfig.OnFailure.Destination)!;
    // Its queue's alarm: "a message in any dead-letter queue" (Alarms).
    expect(resources(branch.Jobs, "AWS::SQS::Queue")[dlqId]).toBeDefined();
  });

  test("jobs get the table, and neither the secrets nor the bucket", () => {
    for (const job of JOBS) {
      const env = functionWithHandler(branch.Jobs, job.handler)[1].Properties.Environment.Variables;
      expect(storageTarget(branch.Storage, env.XY_TABLE)).toBe("Table.Ref");
      expect([env.XY_JWT_SECRET, env.XY_DATA_KEY, env.XY_BUCKET]).toEqual([undefined, undefined, undefined]);
    }
  });
});

describe("scheduled tasks (EventBridge Scheduler)", () => {
  test("the task runner: its own Lambda with the table, the stage's secrets and the live HTTP port, no Lambda retry", () => {
    const [, fn] = functionWithHandler(branch.Jobs, taskRunnerDef.handler);
    expect([fn.Properties.Timeout, fn.Properties.MemorySize, fn.Properties.Runtime]).toEqual([900, 512, "nodejs24.x"]);
    const env = fn.Properties.Environment.Variables;
    expect(storageTarget(branch.Storage, env.XY_TABLE)).toBe("Table.Ref");
    expect([env.XY_HTTP_PUSH, storageTarget(branch.Storage, env.XY_SECRET_KEYS)]).toEqual(["live", "StageKeys.Ref"]);
    const granted = functionStatements(branch.Jobs, fn).flatMap(actions);
    expect(granted.filter((a) => a.startsWith("dynamodb:")).sort()).toEqual([...TABLE_ITEM_ACTIONS].sort());
    expect(granted).toContain("secretsmanager:GetSecretValue");
    expect(granted.filter((a) => /^(s3|scheduler|iam):/.test(a))).toEqual([]);
    // An operator's task of the month job's class starts the month worker, the one function it may invoke.
    const [workerId] = functionWithHandler(branch.Jobs, monthWorkerDef.handler);
    const invokes = functionStatements(branch.Jobs, fn).filter((s) => actions(s).some((a) => a.startsWith("lambda:")));
    expect(invokes.flatMap(actions)).toEqual(["lambda:InvokeFunction"]);
    for (const t of invokes.flatMap((s) => [s.Resource].flat())) expect(JSON.stringify(t)).toContain(`"${workerId}"`);
    expect(targetId(env[monthWorkerDef.environmentName])).toBe(workerId);
    const [runnerId] = functionWithHandler(branch.Jobs, taskRunnerDef.handler);
    const config = Object.values(resources(branch.Jobs, "AWS::Lambda::EventInvokeConfig")).find((c) => targetId(c.Properties.FunctionName) === runnerId);
    expect(config?.Properties.MaximumRetryAttempts).toBe(0);
  });

  test("the schedule group and the scheduler's role, which may invoke the task runner and nothing else", () => {
    const [, group] = only(branch.Jobs, "AWS::Scheduler::ScheduleGroup");
    expect(group.Properties.Name).toBe(taskScheduleGroupName(BRANCH));
    const [runnerId] = functionWithHandler(branch.Jobs, taskRunnerDef.handler);
    const roles = Object.entries(resources(branch.Jobs, "AWS::IAM::Role")).filter(([, r]) =>
      r.Properties.AssumeRolePolicyDocument.Statement.some((s: any) => s.Principal?.Service === "scheduler.amazonaws.com"),
    );
    expect(roles).toHaveLength(1);
    const [roleId] = roles[0]!;
    const statements = roleStatements(branch.Jobs, roleId);
    const invoke = statements.filter((st) => actions(st).includes("lambda:InvokeFunction"));
    expect(invoke.flatMap(actions)).toEqual(["lambda:InvokeFunction"]);
    for (const target of invoke.flatMap((st) => [st.Resource].flat())) expect(JSON.stringify(target)).toContain(`"${runnerId}"`);
    // And it may send a delivery it could not make to the runner's dead-letter queue, and nothing else.
    const rest = statements.filter((st) => !actions(st).includes("lambda:InvokeFunction"));
    expect(rest.flatMap(actions).sort()).toEqual(["sqs:GetQueueAttributes", "sqs:GetQueueUrl", "sqs:SendMessage"]);
    const [dlqId] = Object.entries(resources(branch.Jobs, "AWS::SQS::Queue")).find(([id]) => id.startsWith("TaskRunnerDeadLetters"))!;
    for (const st of rest) expect(targetId(st.Resource)).toBe(dlqId);
  });

  test("the platformConfig Lambda keeps the schedules: where they go, their actions on the group only, and passing that role", () => {
    const [, fn] = functionWithHandler(branch.Api, AREAS.platformConfig.handler);
    const env = fn.Properties.Environment.Variables;
    expect(env.XY_TASK_SCHEDULE_GROUP).toBe(taskScheduleGroupName(BRANCH));
    const [runnerId] = functionWithHandler(branch.Jobs, taskRunnerDef.handler);
    expect(exported(branch.Jobs, env.XY_TASK_RUNNER_ARN)).toEqual({ "Fn::GetAtt": [runnerId, "Arn"] });
    const [roleId] = Object.entries(resources(branch.Jobs, "AWS::IAM::Role")).find(([, r]) =>
      r.Properties.AssumeRolePolicyDocument.Statement.some((s: any) => s.Principal?.Service === "scheduler.amazonaws.com"),
    )!;
    expect(exported(branch.Jobs, env.XY_TASK_SCHEDULER_ROLE)).toEqual({ "Fn::GetAtt": [roleId, "Arn"] });
    const statements = functionStatements(branch.Api, fn);
    const onSchedules = statements.filter((st) => actions(st).some((a) => a.startsWith("scheduler:")));
    expect(onSchedules.flatMap(actions).sort()).toEqual([...TASK_SCHEDULE_ACTIONS].sort());
    expect(JSON.stringify(onSchedules.flatMap((st) => [st.Resource].flat()))).toContain(`:schedule/${taskScheduleGroupName(BRANCH)}/*`);
    const pass = statements.filter((st) => actions(st).includes("iam:PassRole"));
    expect(pass).toHaveLength(1);
    expect(exported(branch.Jobs, pass[0]!.Resource)).toEqual({ "Fn::GetAtt": [roleId, "Arn"] });
    // No other area touches schedules or passes roles.
    for (const [area, { handler }] of areas) {
      if (area === "platformConfig") continue;
      const other = functionStatements(branch.Api, functionWithHandler(branch.Api, handler)[1]).flatMap(actions);
      expect(
        other.filter((a) => a.startsWith("scheduler:") || a === "iam:PassRole"),
        area,
      ).toEqual([]);
    }
  });
});

describe("least privilege", () => {
  const ourFunctions = () => [
    ...areas.map(([area, { handler }]) => ({ name: area as string, uploads: MAY_UPLOAD.includes(area), template: branch.Api, fn: functionWithHandler(branch.Api, handler)[1] })),
    ...JOBS.map((job) => ({ name: job.name, uploads: false, template: branch.Jobs, fn: functionWithHandler(branch.Jobs, job.handler)[1] })),
    { name: "import worker", uploads: true, template: branch.Api, fn: functionWithHandler(branch.Api, importWorker.handler)[1] },
    { name: "tenant removal worker", uploads: false, template: branch.Api, fn: functionWithHandler(branch.Api, tenantWorker.handler)[1] },
    { name: "month worker", uploads: false, template: branch.Jobs, fn: functionWithHandler(branch.Jobs, monthWorkerDef.handler)[1] },
  ];

  test("no policy anywhere allows every action, or every DynamoDB or S3 action", () => {
    let seen = 0;
    for (const [name, template] of Object.entries(branch)) {
      const bucketPolicies = Object.values(resources(template, "AWS::S3::BucketPolicy")).flatMap((p) => p.Properties.PolicyDocument.Statement);
      const allowed = [...identityStatements(template), ...bucketPolicies].filter((s: Statement) => s.Effect === "Allow");
      seen += allowed.length;
      const wide = allowed.flatMap(actions).filter((a) => a === "*" || a === "dynamodb:*" || a === "s3:*");
      expect(wide, name).toEqual([]);
    }
    expect(seen).toBeGreaterThan(areas.length);
  });

  test("a read-only area (GET routes only) may not write; the rule itself", () => {
    const route = () => sessionRoute({ input: noInput, reply: done() });
    expect(tableActionsFor({ "GET /a/list": route(), "GET /a/view": route() })).toEqual(TABLE_READ_ACTIONS);
    expect(tableActionsFor({ "GET /a/list": route(), "POST /a/save": route() })).toEqual(TABLE_ITEM_ACTIONS);
    expect(TABLE_READ_ACTIONS.filter((a) => /Put|Update|Delete|Write|Condition/.test(a))).toEqual([]);
  });

  test("every function may do exactly its item actions on the table and its indexes, no Scan", () => {
    const expected = (name: string) => {
      const area = areas.find(([a]) => a === name);
      return area ? tableActionsFor(area[1].routes) : TABLE_ITEM_ACTIONS;
    };
    for (const { name, template, fn } of ourFunctions()) {
      const onTable = functionStatements(template, fn).filter((s) => actions(s).some((a) => a.startsWith("dynamodb:")));
      expect(onTable.flatMap(actions).sort(), name).toEqual([...expected(name)].sort());
      expect(
        onTable.flatMap(actions).filter((a) => /Scan|Table|Stream|\*/.test(a)),
        name,
      ).toEqual([]);
      expect(
        onTable.flatMap((s) => [s.Resource].flat()).map((r) => storageTarget(branch.Storage, r)),
        name,
      ).toEqual(["Table.Arn", "Table.Arn/index/*"]);
    }
  });

  test("only upload areas may touch the uploads bucket", () => {
    for (const { name, uploads, template, fn } of ourFunctions()) {
      const onS3 = functionStatements(template, fn).filter((s) => actions(s).some((a) => a.startsWith("s3:")));
      if (!uploads) {
        expect(onS3, name).toEqual([]);
        continue;
      }
      // Objects only, named actions: no listing, no bucket settings, no wildcard.
      expect(onS3.flatMap(actions).sort(), name).toEqual([...UPLOAD_ACTIONS].sort());
      const targets = onS3.flatMap((s) => [s.Resource].flat()).map((r) => storageTarget(branch.Storage, r));
      expect(new Set(targets), name).toEqual(new Set(["Uploads.Arn/*"]));
    }
  });
});

describe("Lambda bundles", () => {
  test("the bundle bench measures every Lambda of the stack, byte for byte the bundle SST built to deploy", async () => {
    const deployed = builtBundles[BRANCH]!;
    // A Lambda the bench does not know would go unmeasured; one it knows that the stack lacks, measured for nothing.
    expect(deployed.map((b) => b.handler).sort()).toEqual(LAMBDAS.map((l) => l.handler).sort());
    // SST's esbuild (0.18) is not deterministic about one thing: whether a lazily initialised module
    // (an `__esm` wrapper) opens with "use strict" (from tsconfig's strict) — two builds of the same
    // source in one process alternate. So the comparison leaves those directives out; everything else
    // must match byte for byte, and the sizes may differ by those directives alone.
    const STRICT = '"use strict";';
    const directives = (text: string) => text.split(STRICT).length - 1;
    const digest = (text: string) => {
      const bare = text.replaceAll(STRICT, "");
      return { bytes: Buffer.byteLength(bare), sha256: createHash("sha256").update(bare).digest("hex") };
    };
    for (const b of deployed) {
      const benched = await buildLambda(b.handler);
      const built = readFileSync(b.file, "utf8");
      expect(digest(benched.text), b.handler).toEqual(digest(built));
      expect(benched.bytes - statSync(b.file).size, b.handler).toBe((directives(benched.text) - directives(built)) * STRICT.length);
    }
  }, 120_000);
});

describe("limits and checks", () => {
  test("every stack within our 300 resources (CloudFormation's 500), the headroom printed", () => {
    const counts = Object.entries(branch).map(([name, t]) => [name, Object.keys(t.toJSON().Resources ?? {}).length] as const);
    console.log(counts.map(([name, n]) => `${name} ${n} (headroom ${MAX_STACK_RESOURCES - n})`).join(", "));
    for (const [name, n] of counts) expect(n, name).toBeLessThanOrEqual(MAX_STACK_RESOURCES);
    // SST would add a binding parameter per function (stacks/lambda.ts turns it off).
    expect(resources(branch.Api, "AWS::SSM::Parameter")).toEqual({});
  });

  test("cdk-nag's AwsSolutions and Serverless packs: 0 unsuppressed errors, and every kept finding names its rule and a reason on its own resource", () => {
    // The branch stage, all of whose stacks are active (the durable synth builds Storage only).
    const findings = nagLog.findings.filter((f) => f.path.startsWith(`${BRANCH}-`));
    expect(findings.length).toBeGreaterThan(100);
    const open = findings.filter((f) => !f.suppressed && !/Warn/.test(f.level));
    expect(open.map((f) => `${f.rule} ${f.path} ${f.finding}`)).toEqual([]);
    for (const f of findings.filter((k) => k.suppressed)) {
      expect(f.reason?.length ?? 0, `${f.rule} ${f.path}`).toBeGreaterThan(20);
      // On a resource of ours or of a stage stack, never on the app or a stack as a whole.
      expect(f.path.split("/").length, f.path).toBeGreaterThan(2);
    }
    // What is kept is what the stacks say: no other rule is kept.
    expect([...new Set(findings.filter((f) => f.suppressed).map((f) => f.rule))].sort()).toEqual([...KEPT_RULES].sort());
  });

  test("sst remove leaves nothing of a branch stage: log groups, buckets and queues go with it", () => {
    for (const [name, t] of Object.entries(branch)) {
      for (const [id, r] of Object.entries(resources(t, "AWS::Logs::LogGroup"))) expect(r.DeletionPolicy, `${name} ${id}`).toBe("Delete");
      for (const [id, r] of Object.entries(resources(t, "AWS::S3::Bucket"))) expect(r.DeletionPolicy, `${name} ${id}`).toBe("Delete");
      // Lambda never makes a log group of its own for us (logRetention's custom resource did, and it outlived the stage).
      expect(resources(t, "Custom::LogRetention"), name).toEqual({});
      // Nothing at all is retained: parameters, queues, alarms and the rest are deleted with their stack.
      const retained = Object.entries(t.toJSON().Resources as Record<string, Resource>).filter(
        ([, r]) => r.DeletionPolicy === "Retain" || r.DeletionPolicy === "RetainExceptOnCreate",
      );
      expect(
        retained.map(([id]) => id),
        name,
      ).toEqual([]);
    }
    for (const fn of Object.values(appFunctions(branch.Api))) {
      expect(fn.Properties.LoggingConfig.LogFormat).toBe("JSON");
      expect(targetId(fn.Properties.LoggingConfig.LogGroup)).toMatch(/Logs[0-9A-F]{8}$/);
    }
  });
});
