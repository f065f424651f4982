// Velox bundle stub: the module body/read.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("../bundle.js")("body/read.js");
