// Velox bundle stub: the module send/resolve-path.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("../bundle.js")("send/resolve-path.js");
