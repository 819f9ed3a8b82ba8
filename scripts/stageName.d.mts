// Types of scripts/stageName.mjs, for the TypeScript that imports it (infra-tests/workflows.test.ts).
export declare const DURABLE_STAGES: readonly string[];
export declare const STAGING_BRANCH: string;
export declare const MAX_STAGE_LENGTH: number;
export declare function stageName(branch: string): string;
export declare function isRemovable(stage: string): boolean;
export declare function deployStage(branch: string): string | undefined;
export declare function stageOutputs(branch: string): string;
