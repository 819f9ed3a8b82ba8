import { initProject } from "sst/project.js";
import { App, getStack } from "sst/constructs";
import { Template } from "aws-cdk-lib/assertions";
import { stacks } from "../stacks/index.ts";
import { Storage } from "../stacks/Storage.ts";
import { Api } from "../stacks/Api.ts";
import { Jobs } from "../stacks/Jobs.ts";
import { Web } from "../stacks/Web.ts";
import { Site } from "../stacks/Site.ts";

const ALL = { Storage, Api, Jobs, Web, Site };
export type StackName = keyof typeof ALL;
export type Templates = Record<StackName, Template>;

/**
 * Synthesizes the real app (the very stacks sst.config.ts deploys) the way SST's own tests do:
 * offline, without AWS credentials; NODE_ENV=test (vitest sets it) makes SST skip its
 * bootstrap lookups. Handlers of active stacks are really bundled with esbuild, so a handler
 * that does not build fails here and the templates carry the real Handler paths.
 *
 * Web and Site stay inactive by default: an active StaticSite runs its build command (the
 * whole console), which is the web tests' business. SST keeps state per process and writes
 * into .sst/, so synthesize in one test file at a time, one stage after the other.
 */
export async function synth(stage: string, active: readonly StackName[] = ["Storage", "Api", "Jobs"]): Promise<Templates> {
  await initProject({ stage });
  const app = new App({
    mode: "deploy",
    name: "xiangyu",
    stage,
    region: "ap-east-1",
    isActiveStack: (stackName) => active.some((name) => stackName.endsWith(`-${name}`)),
  });
  stacks(app);
  await app.finish();
  // getStack reads the app SST last worked on: take the templates before another synth.
  const entries = Object.entries(ALL).map(([name, fn]) => [name, Template.fromStack(getStack(fn))]);
  return Object.fromEntries(entries) as Templates;
}
