import { initProject, useProject } from "sst/project.js";
import { App, Function, StaticSite, getStack } from "sst/constructs";
import { useFunctions } from "sst/constructs/Function.js";
import { join, parse, resolve } from "node:path";
import { Template } from "aws-cdk-lib/assertions";
import { stacks } from "../stacks/index.ts";
import { Storage } from "../stacks/Storage.ts";
import { Api } from "../stacks/Api.ts";
import { Routes } from "../stacks/Routes.ts";
import { Jobs } from "../stacks/Jobs.ts";
import { Alarms } from "../stacks/Alarms.ts";
import { Web } from "../stacks/Web.ts";
import { Site } from "../stacks/Site.ts";

const ALL = { Storage, Api, Routes, Jobs, Alarms, Web, Site };

/**
 * An active StaticSite runs its build command at synth (the whole console, ~30 s) and uploads
 * the output. Here the sites are synthesized for their CloudFront wiring, so the build is swapped
 * for a stand-in folder and each command is only recorded; the production build itself is
 * tested by productionBuild.test.ts, which runs the very command recorded here.
 */
const BUILT_STAND_IN = resolve(import.meta.dirname, "fixtures/builtSite");
export const buildCommands: Record<string, string | undefined> = {};
(StaticSite.prototype as any).buildApp = function (this: any) {
  buildCommands[this.id] = this.props.buildCommand;
  this.props = { ...this.props, path: BUILT_STAND_IN, buildOutput: "." };
};
export type StackName = keyof typeof ALL;

/**
 * Per stage: every Lambda of ours SST built for the active stacks, with the bundle it wrote
 * (.sst/artifacts/<function id>/<handler's folder>/<module>.mjs, the file that goes into the zip).
 */
export const builtBundles: Record<string, Array<{ handler: string; file: string }>> = {};
export type Templates = Record<StackName, Template>;

/**
 * Synthesizes the real app (the very stacks sst.config.ts deploys) the way SST's own tests do:
 * offline, without AWS credentials; NODE_ENV=test (vitest sets it) makes SST skip its
 * bootstrap lookups. Handlers of active stacks are really bundled with esbuild, so a handler
 * that does not build fails here and the templates carry the real Handler paths.
 *
 * Web and Site are active too, with their builds swapped for a stand-in (above). SST keeps state
 * per process and writes into .sst/, so synthesize in one test file at a time, one stage after
 * the other.
 */
export async function synth(stage: string, active: readonly StackName[] = ["Storage", "Api", "Routes", "Jobs", "Alarms", "Web", "Site"]): Promise<Templates> {
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
  builtBundles[stage] = active
    .flatMap((name) => getStack(ALL[name]).node.findAll())
    .filter((c): c is Function => c instanceof Function)
    .map((fn) => ({ id: fn.node.addr, handler: String(useFunctions().fromID(fn.node.addr)?.handler) }))
    .filter((f) => f.handler.startsWith("packages/"))
    .map(({ id, handler }) => {
      const { dir, name } = parse(handler);
      return { handler, file: join(useProject().paths.artifacts, id, dir, `${name}.mjs`) };
    });
  // getStack reads the app SST last worked on: take the templates before another synth.
  const entries = Object.entries(ALL).map(([name, fn]) => [name, Template.fromStack(getStack(fn))]);
  return Object.fromEntries(entries) as Templates;
}
