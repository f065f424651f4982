// router 2's `router/lib/layer.js`: Velox's Layer, whose prototype every layer of Velox 5 has, so a
// patch of `Layer.prototype.handleRequest`/`handleError` applies to all of them.
module.exports = require('./handoff.js')().Layer;
