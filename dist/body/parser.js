// Velox bundle stub: the module body/parser.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("../bundle.js")("body/parser.js");
