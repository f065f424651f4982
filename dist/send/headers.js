// Velox bundle stub: the module send/headers.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("../bundle.js")("send/headers.js");
