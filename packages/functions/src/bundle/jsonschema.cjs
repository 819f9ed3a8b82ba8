// Stands in for the `jsonschema` package in Lambda bundles: ElectroDB uses it only to check entity
// model definitions when they are built, which the test suite does with the real package.
// Saves ~29 kB per Lambda (docs/performance.md).
class Validator {
  addSchema() {}
  validate() {
    return { errors: [], valid: true };
  }
}
Validator.prototype.customFormats = {};
module.exports = { Validator };
