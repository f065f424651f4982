// Summarises a V8 .cpuprofile: the functions with the most self time and the most inclusive time,
// as shares of the non-idle samples.

const fs = require('node:fs');
const path = require('node:path');

function frameName(callFrame) {
	const file = callFrame.url ? callFrame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\//, '') : '';
	const short = file.startsWith('/') ? path.relative(process.cwd(), file) : file;
	return `${callFrame.functionName || '(anonymous)'} ${short}${short ? `:${callFrame.lineNumber + 1}` : ''}`;
}

function summarizeProfile(file, top = 25) {
	const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
	const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
	const parents = new Map();
	for (const node of profile.nodes) for (const child of node.children || []) parents.set(child, node.id);
	const timeByNode = new Map();
	for (let i = 0; i < profile.samples.length; i++) {
		timeByNode.set(profile.samples[i], (timeByNode.get(profile.samples[i]) || 0) + (profile.timeDeltas[i] || 0));
	}
	const self = new Map();
	const inclusive = new Map();
	let total = 0;
	for (const [id, time] of timeByNode) {
		const node = nodes.get(id);
		if (node.callFrame.functionName === '(idle)') continue;
		total += time;
		const name = frameName(node.callFrame);
		self.set(name, (self.get(name) || 0) + time);
		// Each frame counted once per sample even when recursive.
		const seen = new Set();
		for (let current = id; current !== undefined; current = parents.get(current)) {
			const frame = frameName(nodes.get(current).callFrame);
			if (frame.startsWith('(root)') || seen.has(frame)) continue;
			seen.add(frame);
			inclusive.set(frame, (inclusive.get(frame) || 0) + time);
		}
	}
	const list = (map) =>
		[...map]
			.sort((a, b) => b[1] - a[1])
			.slice(0, top)
			.map(([name, time]) => `${((100 * time) / total).toFixed(1).padStart(5)}%  ${name}`);
	return { totalMs: total / 1000, self: list(self), inclusive: list(inclusive) };
}

module.exports = { summarizeProfile };
