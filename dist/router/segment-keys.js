// Velox bundle stub: the module router/segment-keys.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("../bundle.js")("router/segment-keys.js");
