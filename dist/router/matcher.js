// Velox bundle stub: the module router/matcher.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("../bundle.js")("router/matcher.js");
