// Velox bundle stub: the module response/cookie.js is in bundle.js (scripts/bundle.js); one instance whichever path loads it.
module.exports = require("../bundle.js")("response/cookie.js");
