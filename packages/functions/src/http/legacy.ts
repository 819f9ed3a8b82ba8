import * as v from "valibot";
import type { Returns } from "./define.ts";
import type { Input } from "./input.ts";

/**
 * TRANSITIONAL: a route not yet given its input schema and reply type. The handler receives the
 * raw fields; the manifest test (routeContract.test.ts) fails while any route still uses it.
 */
export const LEGACY = {
  input: v.looseObject({}) as unknown as v.GenericSchema<Input, Input>,
  reply: {} as Returns<any>,
};
