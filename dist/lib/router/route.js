// Velox bundle stub: the module lib/router/route.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("../../bundle.js")("lib/router/route.js");
