// Velox bundle stub: the module send/response-methods.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("../bundle.js")("send/response-methods.js");
