// Velox bundle stub: the module url.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("./bundle.js")("url.js");
