// Velox 5 from this checkout's build: the Express 5 line put in force before Velox loads, as the
// Velox 5 package's lib/line.js does (docs/lines.md). A line is one per process, so a script that
// builds several frameworks' apps in one process (bench/micro.js) cannot have `velox` beside it.
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');
require(path.join(ROOT, 'lib', 'core', 'lines')).useLine(5);
module.exports = require(ROOT);
