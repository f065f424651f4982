// Velox bundle stub: the module lib/express.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("../bundle.js")("lib/express.js");
