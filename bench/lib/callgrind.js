// How the instruction-counting scripts (bench/count.js, bench/registration.js) start a child under
// callgrind: instrumentation off until the child switches it on (`callgrind_control -i on`), and
// node with `--predictable` (compilation and garbage collection on the main thread, in the same
// order every run), `--no-memory-reducer` (no idle-time collection landing in the window) and
// `--expose-gc` (the child collects the harness's garbage before it is measured).

/** valgrind's arguments up to the child script's own: writes the counts to `out`; `nodeFlags` go to node. */
function callgrindNode(out, nodeFlags = []) {
	return [
		'--tool=callgrind',
		'--instr-atstart=no',
		`--callgrind-out-file=${out}`,
		process.execPath,
		'--predictable',
		'--no-memory-reducer',
		'--expose-gc',
		...nodeFlags,
	];
}

module.exports = { callgrindNode };
