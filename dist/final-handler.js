// Velox bundle stub: the module final-handler.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("./bundle.js")("final-handler.js");
