// Velox bundle stub: the module types/middleware.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("../bundle.js")("types/middleware.js");
