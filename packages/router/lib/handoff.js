// The router's objects, as Velox 5 hands them to this package while it loads it
// (lib/core/lines/router-module.js in Velox 5): synchronously, under a process-wide symbol that
// Velox removes right after.
const kHandoff = Symbol.for('velox.router.handoff');

module.exports = function handed() {
	const objects = globalThis[kHandoff];
	if (objects === undefined) {
		throw new Error(
			"velox-router is Velox 5's router, loaded by Velox 5 itself (require('express') with Velox 5 installed as express); it has no router of its own",
		);
	}
	return objects;
};
