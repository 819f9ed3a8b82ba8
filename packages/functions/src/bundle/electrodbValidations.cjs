// Stands in for ElectroDB's `src/validations.js` in Lambda bundles (an esbuild plugin in build.ts
// points ElectroDB's own `require("./validations")` here). That module holds the JSON schemas of
// entity models, which it checks with `jsonschema` when an entity is built — a check the test
// suite makes with the real package, and which the bundles had already made a no-op by standing in
// for `jsonschema` (ElectroDB then answered every model valid). What ElectroDB calls at run time is
// kept: the small predicates below, copied from electrodb 2.x's validations.js (MIT, © Tyler W.
// Walch). Saves ≈ 4 kB per Lambda. `bundleEntity.test.ts` checks this file answers as the real one.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, as the module it stands in for
const { KeyCasing, IndexProjectionOptions } = require("../../../../node_modules/electrodb/src/types.js");

const isStringHasLength = (str) => typeof str === "string" && str.length > 0;
const isObjectHasLength = (obj) => typeof obj === "object" && Object.keys(obj).length > 0;
const isArrayHasLength = (arr) => Array.isArray(arr) && arr.length > 0;
const isFunction = (value) => typeof value === "function";

const isNameEntityRecordType = (entityRecord) => isObjectHasLength(entityRecord) && Object.values(entityRecord).find((value) => value._instance !== undefined);

const isNameModelRecordType = (modelRecord) =>
  isObjectHasLength(modelRecord) &&
  Object.values(modelRecord).find(
    (value) => value.model && isStringHasLength(value.model.entity) && isStringHasLength(value.model.version) && isStringHasLength(value.model.service),
  );

const isBetaServiceConfig = (serviceConfig) =>
  isObjectHasLength(serviceConfig) && (isStringHasLength(serviceConfig.service) || isStringHasLength(serviceConfig.name)) && isStringHasLength(serviceConfig.version);

const isAbortSignal = (value) =>
  value !== null &&
  typeof value === "object" &&
  typeof value.aborted === "boolean" &&
  typeof value.addEventListener === "function" &&
  typeof value.removeEventListener === "function";

function stringArrayMatch(arr1, arr2) {
  let match = Array.isArray(arr1) && Array.isArray(arr2) && arr1.length === arr2.length;
  for (let i = 0; i < arr1.length && match; i++) match = isStringHasLength(arr1[i]) && arr1[i] === arr2[i];
  return match;
}

function isMatchingCasing(casing1, casing2) {
  const equivalentCasings = [KeyCasing.default, KeyCasing.lower];
  if (isStringHasLength(casing1) && isStringHasLength(casing2)) {
    const isRealCase = KeyCasing[casing1.toLowerCase()] !== undefined;
    const casingsAreEquivalent = [casing1, casing2].every((casing) => casing === KeyCasing.lower || casing === KeyCasing.default);
    return isRealCase && (casing1 === casing2 || casingsAreEquivalent);
  }
  if (isStringHasLength(casing1)) return equivalentCasings.includes(casing1.toLowerCase());
  if (isStringHasLength(casing2)) return equivalentCasings.includes(casing2.toLowerCase());
  return casing1 === undefined && casing2 === undefined;
}

const isValueOrUndefined = (received, expected) => expected === received || received === undefined;

function isMatchingProjection(received, expected) {
  if (isStringHasLength(received) && isStringHasLength(expected)) return received === expected;
  if (Array.isArray(received) && Array.isArray(expected)) return true;
  return isValueOrUndefined(received, IndexProjectionOptions.all) && isValueOrUndefined(expected, IndexProjectionOptions.all);
}

module.exports = {
  // The model check the bundles skip: every model is valid, as with the `jsonschema` stand-in before.
  testModel: () => [true, ""],
  model: () => undefined,
  isFunction,
  isAbortSignal,
  stringArrayMatch,
  isMatchingProjection,
  isMatchingCasing,
  isArrayHasLength,
  isStringHasLength,
  isObjectHasLength,
  isBetaServiceConfig,
  isNameModelRecordType,
  isNameEntityRecordType,
};
