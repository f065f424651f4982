// Velox bundle stub: the module response/types.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("../bundle.js")("response/types.js");
