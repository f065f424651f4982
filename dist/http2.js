// Velox bundle stub: the module http2.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("./bundle.js")("http2.js");
