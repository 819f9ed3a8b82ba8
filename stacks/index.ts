import { Stack, type App } from "sst/constructs";
import { Storage } from "./Storage.ts";
import { Api } from "./Api.ts";
import { Routes } from "./Routes.ts";
import { Jobs } from "./Jobs.ts";
import { Alarms } from "./Alarms.ts";
import { Web } from "./Web.ts";
import { Site } from "./Site.ts";
import { isDurableStage } from "./stage.ts";
import { applyNag } from "./nag.ts";

/** The stacks of a stage, in dependency order; sst.config.ts and the infra tests both call this. */
export function stacks(app: App): void {
  // Branch stages leave nothing behind on `sst remove`; durable stages keep their data.
  if (!isDurableStage(app.stage)) app.setDefaultRemovalPolicy("destroy");
  app.stack(Storage).stack(Api).stack(Routes).stack(Jobs).stack(Alarms).stack(Web).stack(Site);
  // Checked as deployed: a stack left out of this deploy (`sst deploy Api`) holds stand-ins only.
  for (const stack of app.node.children) if (stack instanceof Stack && stack.isActive) applyNag(stack);
}
