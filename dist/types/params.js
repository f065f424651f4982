// Velox bundle stub: the module types/params.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("../bundle.js")("types/params.js");
