// router 2's `router/lib/route.js`: Velox's Route.
module.exports = require('./handoff.js')().Route;
