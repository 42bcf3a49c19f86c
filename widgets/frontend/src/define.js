// anywidget's published bundle ends with an AMD `define(["@jupyter-widgets/base"], factory)`:
// this collects the factory (imported just before anywidget, so the global exists when it
// runs; undefine.js, imported just after, takes it away again before any other library looks
// for an AMD loader).
export const amd = {};
globalThis.define = (deps, factory) => {
  amd.factory = factory;
};
