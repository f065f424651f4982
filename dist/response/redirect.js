// Velox bundle stub: the module response/redirect.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("../bundle.js")("response/redirect.js");
