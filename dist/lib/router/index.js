// Velox bundle stub: the module lib/router/index.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("../../bundle.js")("lib/router/index.js");
