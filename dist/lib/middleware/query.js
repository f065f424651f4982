// Velox bundle stub: the module lib/middleware/query.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("../../bundle.js")("lib/middleware/query.js");
