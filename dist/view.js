// Velox bundle stub: the module view.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("./bundle.js")("view.js");
