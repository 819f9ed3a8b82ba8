import type { SSTConfig } from "sst";
import { stacks as defineStacks } from "./stacks/index.ts";

/**
 * The Xiangyu app on AWS. One stage per branch: `npx sst deploy --stage <branch>`
 * (docs/deploy.md). The region is the one packages/core's config defaults to.
 */
export default {
  config() {
    return { name: "xiangyu", region: "ap-east-1" };
  },
  // A method, not a property: SST strips it when it only needs the config (shallow load).
  stacks(app) {
    defineStacks(app);
  },
} satisfies SSTConfig;
