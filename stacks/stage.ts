/**
 * Which stages hold data worth keeping. Every branch deploys its own stage
 * (`npx sst deploy --stage <branch>`); only these long-lived ones keep their table and uploads
 * bucket when the stage is removed, so a forgotten feature branch never costs a data loss
 * nor leaves orphaned tables behind.
 */
export const DURABLE_STAGES: readonly string[] = ["main", "prod", "production", "staging"];

export const isDurableStage = (stage: string): boolean => DURABLE_STAGES.includes(stage);
