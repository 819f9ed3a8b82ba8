// Stands in for `electrodb`'s entry point in Lambda bundles. The entry point loads everything
// (Service, transactions, conversions); Lambdas use only `Entity` (docs/decisions.md, "ElectroDB":
// the one Service lives in packages/core/src/kernel/service.ts, which no Lambda imports, because
// it would put every area's entities in every bundle). Saves ~23 kB per Lambda.
// A relative path, not "electrodb/src/…": the bundler's alias rewrites every "electrodb/…" import.
import entity from "../../../../node_modules/electrodb/src/entity.js";
import errors from "../../../../node_modules/electrodb/src/errors.js";

export const Entity = entity.Entity;
export const ElectroError = errors.ElectroError;
export const ElectroValidationError = errors.ElectroValidationError;

export class Service {
  constructor() {
    throw new Error("ElectroDB's Service is left out of Lambda bundles: import entities, not packages/core/src/kernel/service.ts");
  }
}
