// Stands in for `electrodb`'s entry point in Lambda bundles, for two reasons.
//
// Size: the entry point loads everything (Service, transactions, conversions); Lambdas use only
// `Entity` (docs/decisions.md, "ElectroDB": the one Service lives in
// packages/core/src/kernel/service.ts, which no Lambda imports, because it would put every area's
// entities in every bundle). Saves ~23 kB per Lambda.
//
// Cold start: a bundle holds every entity of the core modules its area reaches (10 to 35), each
// built at module load by `new Entity(…)`, which parses and compiles its model — over half of a
// bundle's init — while a first request uses four to six (the session check's tenant, role, user
// and session, then the route's own). Here `new Entity(model, config)`
// answers a stand-in that builds the real entity, and loads ElectroDB's own code, the first time
// anything is asked of it; the areas' entity files stay as they are. A model error therefore
// shows at first use in a bundle; the test suite builds every entity with the real package.
//
// Relative paths, not "electrodb/src/…": the bundler's alias rewrites every "electrodb/…" import.
// `require` inside functions: the bundler then evaluates ElectroDB's modules only when one is called.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a require called late is the point
const electro = () => require("../../../../node_modules/electrodb/src/entity.js");
// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
const errors = () => require("../../../../node_modules/electrodb/src/errors.js");

/** The entity's own methods, bound once: ElectroDB's code then runs on the real entity, not through the proxy. */
function forward(made) {
  const bound = new Map();
  return (key) => {
    const value = Reflect.get(made(), key);
    if (typeof value !== "function") return value;
    let fn = bound.get(key);
    if (fn?.original !== value) bound.set(key, (fn = Object.assign(value.bind(made()), { original: value })));
    return fn;
  };
}

class Entity {
  constructor(model, config) {
    let real;
    const made = () => (real ??= new (electro().Entity)(model, config));
    const read = forward(made);
    return new Proxy(
      {},
      {
        get: (_, key) => read(key),
        set: (_, key, value) => Reflect.set(made(), key, value),
        has: (_, key) => Reflect.has(made(), key),
        deleteProperty: (_, key) => Reflect.deleteProperty(made(), key),
        ownKeys: () => Reflect.ownKeys(made()),
        getOwnPropertyDescriptor: (_, key) => {
          const d = Reflect.getOwnPropertyDescriptor(made(), key);
          return d && { ...d, configurable: true };
        },
        defineProperty: (_, key, d) => Reflect.defineProperty(made(), key, d),
        getPrototypeOf: () => Reflect.getPrototypeOf(made()),
      },
    );
  }
}

class Service {
  constructor() {
    throw new Error("ElectroDB's Service is left out of Lambda bundles: import entities, not packages/core/src/kernel/service.ts");
  }
}

module.exports = {
  Entity,
  Service,
  get ElectroError() {
    return errors().ElectroError;
  },
  get ElectroValidationError() {
    return errors().ElectroValidationError;
  },
};
