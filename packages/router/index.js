// router 2's module `router`, as Velox 5 is: the export makes Velox's routers, its `prototype`
// carries their methods, `Route` is Velox's Route. The two files load here, as router 2 loads
// them, so that hooks on `router/lib/layer.js` see them load.
const handed = require('./lib/handoff.js')();
require('./lib/layer.js');
require('./lib/route.js');

module.exports = handed.Router;
