import type { App } from "sst/constructs";
import { Storage } from "./Storage.ts";
import { Api } from "./Api.ts";
import { Jobs } from "./Jobs.ts";
import { Alarms } from "./Alarms.ts";
import { Web } from "./Web.ts";
import { Site } from "./Site.ts";
import { isDurableStage } from "./stage.ts";

/** The stacks of a stage, in dependency order; sst.config.ts and the infra tests both call this. */
export function stacks(app: App): void {
  // Branch stages leave nothing behind on `sst remove`; durable stages keep their data.
  if (!isDurableStage(app.stage)) app.setDefaultRemovalPolicy("destroy");
  app.stack(Storage).stack(Api).stack(Jobs).stack(Alarms).stack(Web).stack(Site);
}
