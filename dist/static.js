// Velox bundle stub: the module static.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("./bundle.js")("static.js");
