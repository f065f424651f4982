// Velox bundle stub: the module lib/view.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("../bundle.js")("lib/view.js");
