// The SST stage a git branch deploys to, for the pipeline in .github/workflows/ (docs/pipeline.md).
//
//   node scripts/stageName.mjs feature/Hotel_Rooms
//   stage=feature-hotel-rooms      the branch's own stage (what deleting the branch removes)
//   deploy=feature-hotel-rooms     what a push deploys: `staging` for main; empty when the branch's
//                                  own stage is a durable one (a branch named `prod`), which no push deploys
//   removable=true                 false for a durable stage: deleting its branch removes nothing
//
// The lines are GitHub's step-output format: `node scripts/stageName.mjs "$BRANCH" | tee -a "$GITHUB_OUTPUT"`.
//
// Plain JavaScript, so the workflow's first job needs no `npm ci` (Node 20 cannot import TypeScript):
// DURABLE_STAGES is therefore a copy of stacks/stage.ts's list, and infra-tests/workflows.test.ts
// fails when the two differ.
import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";

/** Copy of DURABLE_STAGES in stacks/stage.ts: the stages whose data a removal keeps, and that no branch deletion removes. */
export const DURABLE_STAGES = ["main", "prod", "production", "staging"];

/** The branch whose pushes deploy the `staging` stage rather than a stage of its own. */
export const STAGING_BRANCH = "main";

/**
 * Longest stage name. AWS cuts the names it generates from `<stage>-xiangyu-<Stack>` (Lambda
 * functions, IAM roles: 64 characters), and `xiangyu-<stage>-tasks` (the schedule group) has 64 at
 * most: a short stage keeps every name under its limit and readable in the console.
 */
export const MAX_STAGE_LENGTH = 30;

const HASH_LENGTH = 6;
const hash = (text) => createHash("sha256").update(text).digest("hex").slice(0, HASH_LENGTH);

/**
 * A branch's stage name: what SST accepts (letters, digits and hyphens, starting with a letter),
 * lowercased, every other run of characters one hyphen, `b-` before a leading digit, at most
 * MAX_STAGE_LENGTH characters. A name that had to be cut (or had nothing left) ends with a hash of
 * the whole branch name, so two long branches that start alike still get two stages.
 */
export function stageName(branch) {
  const name = branch
    .replace(/^refs\/heads\//, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (name === "") return `b-${hash(branch)}`;
  const lettered = /^[a-z]/.test(name) ? name : `b-${name}`;
  if (lettered.length <= MAX_STAGE_LENGTH) return lettered;
  return `${lettered.slice(0, MAX_STAGE_LENGTH - HASH_LENGTH - 1).replace(/-+$/, "")}-${hash(branch)}`;
}

/** Whether `sst remove` may ever be run for this stage by the pipeline: never for a durable one. */
export const isRemovable = (stage) => !DURABLE_STAGES.includes(stage);

/**
 * The stage a push to this branch deploys: `staging` for main; none (undefined) when the branch's
 * own stage is durable (a branch called `prod` or `staging` must not overwrite that stage).
 */
export function deployStage(branch) {
  if (branch.replace(/^refs\/heads\//, "") === STAGING_BRANCH) return "staging";
  const stage = stageName(branch);
  return DURABLE_STAGES.includes(stage) ? undefined : stage;
}

/** The CLI's answer: GitHub step outputs, one `key=value` a line. */
export function stageOutputs(branch) {
  const stage = stageName(branch);
  return [`stage=${stage}`, `deploy=${deployStage(branch) ?? ""}`, `removable=${isRemovable(stage)}`].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const branch = process.argv[2];
  if (!branch) {
    console.error('usage: node scripts/stageName.mjs <branch>   (e.g. "$GITHUB_REF_NAME")');
    process.exit(2);
  }
  console.log(stageOutputs(branch));
  const stage = stageName(branch);
  if (!isRemovable(stage) && branch !== STAGING_BRANCH) {
    // On stderr, so the outputs stay clean; GitHub shows a `::warning::` line as an annotation.
    const prefix = process.env.GITHUB_ACTIONS === "true" ? "::warning::" : "";
    console.error(`${prefix}branch "${branch}" maps to the durable stage "${stage}": the pipeline neither deploys nor removes it (docs/pipeline.md)`);
  }
}
