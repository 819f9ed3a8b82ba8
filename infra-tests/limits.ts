/** CloudFormation allows 500 resources per stack; ours is 300, so a stack never nears it as areas are added. */
export const MAX_STACK_RESOURCES = 300;
