import { beforeAll, describe, expect, test } from "vitest";
import type { Template } from "aws-cdk-lib/assertions";
import { createTableInput, INDEXES } from "@xiangyu/core/kernel/table";
import { AREAS, JOBS, type AreaName } from "@xiangyu/functions/manifest";
import { TABLE_ITEM_ACTIONS, TABLE_READ_ACTIONS, TABLE_SCAN_ACTION, tableActionsFor } from "../stacks/access.ts";
import { done, sessionRoute } from "@xiangyu/functions/http/define";
import { noInput } from "@xiangyu/core/kernel/fields";
import { THROTTLE } from "../stacks/throttle.ts";
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
import { SITE_API_MAX_TTL_S, SITE_API_PATHS, SITE_BUILD } from "../stacks/Site.ts";
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

/** A feature branch's stage, as `npx sst deploy --stage pr-42` would build it. */
const BRANCH = "pr-42";
let branch: Templates;
let durable: Templates;

beforeAll(async () => {
  branch = await synth(BRANCH);
  durable = await synth("main", ["Storage"]);
}, 120_000);

/** The areas that may touch the uploads bucket, written out here rather than read from the
 * stacks: widening it is a security decision, taken on purpose. */
const MAY_UPLOAD: readonly string[] = ["files", "clientImport"];

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
    expect(table.Properties.GlobalSecondaryIndexes.map((i: any) => i.IndexName)).toEqual([...INDEXES]);
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

  test("the uploads bucket blocks all public access and is encrypted", () => {
    const [, bucket] = only(branch.Storage, "AWS::S3::Bucket");
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
    expect(Object.keys(resources(branch.Storage, "Custom::S3AutoDeleteObjects"))).toHaveLength(1);
  });

  test("a durable stage keeps its table and uploads", () => {
    const [, table] = only(durable.Storage, "AWS::DynamoDB::Table");
    const [, bucket] = only(durable.Storage, "AWS::S3::Bucket");
    expect([table.DeletionPolicy, table.UpdateReplacePolicy]).toEqual(["Retain", "Retain"]);
    expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    expect([bucket.DeletionPolicy, bucket.UpdateReplacePolicy]).toEqual(["Retain", "Retain"]);
    expect(resources(durable.Storage, "Custom::S3AutoDeleteObjects")).toEqual({});
  });
});

describe("Api", () => {
  const routes = () => Object.values(resources(branch.Api, "AWS::ApiGatewayV2::Route"));
  const integrationOf = (route: Resource) => {
    const [, parts] = route.Properties.Target["Fn::Join"];
    return resources(branch.Api, "AWS::ApiGatewayV2::Integration")[targetId(parts[1])!];
  };

  test("serves exactly the routes of the manifest", () => {
    const expected = areas.flatMap(([, area]) => Object.keys(area.routes)).sort();
    expect(
      routes()
        .map((r) => r.Properties.RouteKey)
        .sort(),
    ).toEqual(expected);
  });

  test("binds every route to the Lambda of its own area", () => {
    for (const [area, { routes: table, handler }] of areas) {
      const [fnId] = functionWithHandler(branch.Api, handler);
      for (const key of Object.keys(table)) {
        const route = routes().find((r) => r.Properties.RouteKey === key);
        expect(route, `${area}: ${key}`).toBeDefined();
        const integration = integrationOf(route!);
        expect(integration.Properties.IntegrationType).toBe("AWS_PROXY");
        expect(targetId(integration.Properties.IntegrationUri), `${area}: ${key}`).toBe(fnId);
      }
    }
  });

  test("has one Node 24 function per area, which API Gateway may invoke", () => {
    // One per area, the import's worker and the tenant removal's.
    expect(Object.keys(appFunctions(branch.Api))).toHaveLength(areas.length + 2);
    const permissions = Object.values(resources(branch.Api, "AWS::Lambda::Permission"));
    for (const [area, { routes: table, handler }] of areas) {
      const [fnId, fn] = functionWithHandler(branch.Api, handler);
      expect(fn.Properties.Runtime).toBe("nodejs24.x");
      // One permission for the whole API, not one per route; an area with no route yet has none.
      const invoke = permissions.filter((p) => targetId(p.Properties.FunctionName) === fnId);
      expect(
        invoke.map((p) => p.Properties.Principal),
        area,
      ).toEqual(Object.keys(table).length ? ["apigateway.amazonaws.com"] : []);
    }
  });

  test("gives every area the table and the path of the stage's secrets, and the bucket only to upload areas", () => {
    for (const [area, { handler }] of areas) {
      const env = functionWithHandler(branch.Api, handler)[1].Properties.Environment.Variables;
      expect(storageTarget(branch.Storage, env.XY_TABLE)).toBe("Table.Ref");
      expect(env.XY_SECRETS_PATH, area).toBe(`/xiangyu/${BRANCH}`);
      if (MAY_UPLOAD.includes(area)) expect(storageTarget(branch.Storage, env.XY_BUCKET)).toBe("Uploads.Ref");
      else expect(env.XY_BUCKET, area).toBeUndefined();
    }
  });

  test("no function of any stack holds a secret in its environment, nor reads one from a template parameter", () => {
    let seen = 0;
    for (const [name, template] of Object.entries(branch)) {
      for (const [id, fn] of Object.entries(resources(template, "AWS::Lambda::Function"))) {
        const env = fn.Properties.Environment?.Variables ?? {};
        seen++;
        expect(
          Object.keys(env).filter((k) => /JWT|DATA_KEY|SECRET(?!S_PATH)/.test(k)),
          `${name} ${id}`,
        ).toEqual([]);
      }
      const parameters = Object.values<any>(template.toJSON().Parameters ?? {});
      expect(
        parameters.filter((p) => String(p.Default).startsWith("/xiangyu/")),
        name,
      ).toEqual([]);
    }
    expect(seen).toBeGreaterThan(areas.length);
  });

  test("every area may read the stage's secret parameters (decrypted through SSM), and no other parameter", () => {
    /** The ARN of one of the stage's parameters, as the template writes it (partition and account are filled in at deploy). */
    const isArnOf = (name: string) => (r: unknown) => new RegExp(`:ssm:ap-east-1:[^"]+:parameter/xiangyu/${BRANCH}/${name}"`).test(JSON.stringify(r));
    for (const [area, { handler }] of areas) {
      const statements = functionStatements(branch.Api, functionWithHandler(branch.Api, handler)[1]);
      const ssm = statements.filter((s) => actions(s).some((a) => a.startsWith("ssm:")));
      expect(ssm.flatMap(actions), area).toEqual(["ssm:GetParameter"]);
      const readable = ssm.flatMap((s) => [s.Resource].flat());
      expect(readable.length, area).toBe(3);
      expect(
        ["jwt-secret", "data-key", "origin-secret"].map((name) => readable.filter(isArnOf(name)).length),
        area,
      ).toEqual([1, 1, 1]);
      const kms = statements.filter((s) => actions(s).some((a) => a.startsWith("kms:")));
      expect(kms.flatMap(actions), area).toEqual(["kms:Decrypt"]);
      const only = (kms[0] as any).Condition.StringEquals;
      expect(only["kms:ViaService"], area).toBe("ssm.ap-east-1.amazonaws.com");
      expect(only["kms:EncryptionContext:PS_ARN"], area).toEqual(readable);
    }
    for (const job of JOBS) {
      const statements = functionStatements(branch.Jobs, functionWithHandler(branch.Jobs, job.handler)[1]);
      expect(
        statements.flatMap(actions).filter((a) => /^(ssm|kms):/.test(a)),
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
    // No retry of an import (its rows would only fail as duplicates); a failure is dead-lettered.
    const config = Object.values(resources(branch.Api, "AWS::Lambda::EventInvokeConfig")).find((c) => targetId(c.Properties.FunctionName) === workerId);
    expect(config?.Properties.MaximumRetryAttempts).toBe(0);
    expect(resources(branch.Api, "AWS::SQS::Queue")[targetId(config?.Properties.DestinationConfig.OnFailure.Destination)!]).toBeDefined();
    // The worker reads the sheet and writes the table, and holds no secret.
    const env = worker.Properties.Environment.Variables;
    expect(
      Object.keys(env)
        .filter((k) => k.startsWith("XY_"))
        .sort(),
    ).toEqual(["XY_BUCKET", "XY_TABLE"]);
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
      expect(targetId(fn.Properties.Environment.Variables.XY_TENANT_WORKER)).toBe(workerId);
      expect(invokes.flatMap(actions)).toEqual(["lambda:InvokeFunction"]);
      const targets = invokes.flatMap((s) => [s.Resource].flat());
      expect(targets.length).toBeGreaterThan(0);
      for (const t of targets) expect(JSON.stringify(t)).toContain(`"${workerId}"`);
    }
    // Idempotent, so Lambda runs a failed removal again; what still fails is dead-lettered.
    const config = Object.values(resources(branch.Api, "AWS::Lambda::EventInvokeConfig")).find((c) => targetId(c.Properties.FunctionName) === workerId);
    expect(config?.Properties.MaximumRetryAttempts).toBe(tenantWorker.retryAttempts);
    expect(resources(branch.Api, "AWS::SQS::Queue")[targetId(config?.Properties.DestinationConfig.OnFailure.Destination)!]).toBeDefined();
    // The table only: no secrets, no bucket (uploaded files of a deleted tenant stay, docs/decisions.md).
    expect(Object.keys(worker.Properties.Environment.Variables).filter((k) => k.startsWith("XY_"))).toEqual(["XY_TABLE"]);
    // The one Scan of the stack, on the table and not its indexes.
    const scans = functionStatements(branch.Api, worker).filter((s) => actions(s).includes(TABLE_SCAN_ACTION));
    expect(scans.flatMap(actions)).toEqual([TABLE_SCAN_ACTION]);
    expect(scans.flatMap((s) => [s.Resource].flat()).map((r) => storageTarget(branch.Storage, r))).toEqual(["Table.Arn"]);
  });

  test("the stage throttles by default and tighter for sign-in and imports, and logs every request as JSON", () => {
    const [, stage] = only(branch.Api, "AWS::ApiGatewayV2::Stage");
    expect(stage.Properties.StageName).toBe("$default");
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: THROTTLE.default.rate, ThrottlingBurstLimit: THROTTLE.default.burst });
    expect(stage.Properties.RouteSettings["POST /gateway/oauth/login"]).toEqual({ ThrottlingRateLimit: THROTTLE.signIn.rate, ThrottlingBurstLimit: THROTTLE.signIn.burst });
    expect(stage.Properties.RouteSettings["POST /xiangyu/api/client/clientimport"]).toEqual({
      ThrottlingRateLimit: THROTTLE.heavy.rate,
      ThrottlingBurstLimit: THROTTLE.heavy.burst,
    });
    // The website's public reads (cacheable, no session) have their own class.
    for (const key of ["GET /gateway/api/information/loadListByFunctionId", "GET /gateway/oauth/loadWebsiteConfig", "GET /gateway/api/manage/appcenter/loadfrontmenu/{mainMenuId}"])
      expect(stage.Properties.RouteSettings[key]).toEqual({ ThrottlingRateLimit: THROTTLE.website.rate, ThrottlingBurstLimit: THROTTLE.website.burst });
    expect(stage.Properties.RouteSettings["GET /gateway/api/information/preview"]).toBeUndefined();
    const routeIds = Object.entries(resources(branch.Api, "AWS::ApiGatewayV2::Route"))
      .filter(([, r]) => r.Properties.RouteKey in stage.Properties.RouteSettings)
      .map(([id]) => id);
    expect((stage as any).DependsOn).toEqual(expect.arrayContaining(routeIds));
    const [logId, log] = only(branch.Api, "AWS::Logs::LogGroup");
    expect(log.Properties.RetentionInDays).toBe(30);
    expect(targetId(stage.Properties.AccessLogSettings.DestinationArn)).toBe(logId);
    const format = JSON.parse(stage.Properties.AccessLogSettings.Format);
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
    expect(origins.length).toBe(1);
    // The value is resolved by CloudFormation at deploy: the template holds only the parameter's name.
    expect(origins[0].OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_HEADER, HeaderValue: `{{resolve:ssm:/xiangyu/${BRANCH}/origin-secret}}` }]);
    // AWS's managed AllViewerExceptHostHeader policy: every viewer header but Host, plus CloudFront's own (CloudFront-Viewer-Address).
    for (const b of config.CacheBehaviors) expect(b.OriginRequestPolicyId, b.PathPattern).toBe("b689b0a8-53d0-40ab-baf2-68738e2966ac");
  });

  test("website pages carry the security headers", () => {
    const config = distribution(branch.Site);
    expectSecurityHeaders(headersPolicy(branch.Site, config.DefaultCacheBehavior.ResponseHeadersPolicyId), WEBSITE_CSP);
    expect(config.DefaultCacheBehavior.Compress).toBe(true);
  });

  test("the website's own domain sends its public reads and the detail page to the API: read-only, cached as the origin says, keyed on query and host", () => {
    const config = distribution(branch.Site);
    const behaviors = new Map<string, any>(config.CacheBehaviors.map((b: any) => [b.PathPattern, b]));
    expect([...behaviors.keys()].sort()).toEqual([...SITE_API_PATHS].sort());
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
    expectSecurityHeaders(headersPolicy(branch.Site, behaviors.get("/information/view*").ResponseHeadersPolicyId), WEBSITE_CSP);
    // Both go to the stage's API with its origin secret, as the console's API paths do.
    const origins = config.Origins.filter((o: any) => o.Id === behaviors.get("/gateway/*").TargetOriginId);
    expect(origins[0].OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_HEADER, HeaderValue: `{{resolve:ssm:/xiangyu/${BRANCH}/origin-secret}}` }]);
    expect(behaviors.get("/information/view*").TargetOriginId).toBe(behaviors.get("/gateway/*").TargetOriginId);
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
    alarms().filter((a) => a.Properties.MetricName === metricName && a.Properties.Dimensions.some((d: any) => d.Name === dimension && targetId(exported(from, d.Value)) === id));

  test("every alarm notifies the stage's alarm topic, and no data is no alarm", () => {
    const [topicId] = only(branch.Alarms, "AWS::SNS::Topic");
    expect(alarms().length).toBeGreaterThan(0);
    for (const a of alarms()) {
      expect(a.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(a.Properties.TreatMissingData).toBe("notBreaching");
    }
  });

  test("the API's 5xx rate over five minutes", () => {
    const [rate] = alarms().filter((a) => a.Properties.Metrics?.some((m: any) => /errors \/ requests/.test(m.Expression ?? "")));
    expect(rate!.Properties.Threshold).toBe(5);
    const stat = (id: string) => rate!.Properties.Metrics.find((m: any) => m.Id === id).MetricStat;
    expect([stat("errors").Metric.Namespace, stat("errors").Metric.MetricName, stat("errors").Stat, stat("errors").Period]).toEqual(["AWS/ApiGateway", "5xx", "Sum", 300]);
    expect(stat("requests").Metric.MetricName).toBe("Count");
    const [httpId] = only(branch.Api, "AWS::ApiGatewayV2::Api");
    expect(targetId(exported(branch.Api, stat("errors").Metric.Dimensions[0].Value))).toBe(httpId);
  });

  test("each Lambda's errors and throttles: areas, the import worker and jobs", () => {
    const ours = [
      ...areas.map(([, { handler }]) => [branch.Api, handler] as const),
      [branch.Api, importWorker.handler] as const,
      [branch.Api, tenantWorker.handler] as const,
      ...JOBS.map((job) => [branch.Jobs, job.handler] as const),
    ];
    for (const [template, handler] of ours) {
      const [fnId] = functionWithHandler(template, handler);
      for (const metric of ["Errors", "Throttles"]) {
        const found = alarmsOn(metric, template, fnId, "FunctionName");
        expect(found.length, `${handler} ${metric}`).toBe(1);
        expect([found[0]!.Properties.Threshold, found[0]!.Properties.ComparisonOperator, found[0]!.Properties.Period]).toEqual([1, "GreaterThanOrEqualToThreshold", 300]);
      }
    }
  });

  test("DynamoDB throttling on the table and each index", () => {
    const [tableId] = only(branch.Storage, "AWS::DynamoDB::Table");
    for (const metric of ["ReadThrottleEvents", "WriteThrottleEvents"]) {
      const found = alarmsOn(metric, branch.Storage, tableId, "TableName");
      const indexes = found.map((a) => a.Properties.Dimensions.find((d: any) => d.Name === "GlobalSecondaryIndexName")?.Value ?? "table").sort();
      expect(indexes, metric).toEqual(["table", ...INDEXES].sort());
    }
  });

  test("a message in any dead-letter queue", () => {
    const queues = [
      ...Object.keys(resources(branch.Api, "AWS::SQS::Queue")).map((id) => [branch.Api, id] as const),
      ...Object.keys(resources(branch.Jobs, "AWS::SQS::Queue")).map((id) => [branch.Jobs, id] as const),
    ];
    // One per job, the import worker's and the tenant-removal worker's.
    expect(queues).toHaveLength(JOBS.length + 2);
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
    // Besides the table: its dead-letter queue and tracing only (no bucket, secrets, keys or other functions).
    expect([...new Set(granted.filter((a) => !a.startsWith("dynamodb:")).map((a) => a.split(":")[0]))].sort()).toEqual(["sqs", "xray"]);
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
    expect([env.XY_HTTP_PUSH, env.XY_SECRETS_PATH]).toEqual(["live", `/xiangyu/${BRANCH}`]);
    const granted = functionStatements(branch.Jobs, fn).flatMap(actions);
    expect(granted.filter((a) => a.startsWith("dynamodb:")).sort()).toEqual([...TABLE_ITEM_ACTIONS].sort());
    expect(granted).toContain("ssm:GetParameter");
    expect(granted.filter((a) => /^(s3|lambda|scheduler|iam):/.test(a))).toEqual([]);
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
    expect(statements.flatMap(actions)).toEqual(["lambda:InvokeFunction"]);
    for (const target of statements.flatMap((st) => [st.Resource].flat())) expect(JSON.stringify(target)).toContain(`"${runnerId}"`);
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
      // The tenant removal's one Scan statement is checked with the worker (above); its item actions here.
      const onTable = functionStatements(template, fn).filter(
        (s) => actions(s).some((a) => a.startsWith("dynamodb:")) && !(name === "tenant removal worker" && actions(s).join() === TABLE_SCAN_ACTION),
      );
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
      expect(onS3.flatMap(actions), name).toEqual(expect.arrayContaining(["s3:PutObject", "s3:GetObject*"]));
      const targets = onS3.flatMap((s) => [s.Resource].flat()).map((r) => storageTarget(branch.Storage, r));
      expect(new Set(targets), name).toEqual(new Set(["Uploads.Arn", "Uploads.Arn/*"]));
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

describe("the Api stack's size", () => {
  test("no per-function SSM parameter: each area costs its function, role, policy, log retention, integration and permission, under CloudFormation's 500", () => {
    // SST would add a binding parameter per function (stacks/lambda.ts turns it off): 7 resources an area, and 27 areas passed 500.
    expect(resources(branch.Api, "AWS::SSM::Parameter")).toEqual({});
    const count = Object.keys(branch.Api.toJSON().Resources).length;
    expect(count).toBeLessThan(500);
  });
});
