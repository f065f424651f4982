// Preloaded (`node -r`) into a benchmark server by bench/memory.js: answers the runner's IPC
// messages `{ type: 'memory', op, ... }` from inside the server process, so every framework is
// measured the same way. Ops:
//   start    — start counting garbage collections (v8.GCProfiler) and, with `sample`, the
//              sampling heap profiler with the objects later collected included (every allocation,
//              not only what survives)
//   stop     — stop both; answers the collections by kind, the bytes allocated in the window (the
//              growth of the heap between collections, summed) and the sampled allocation sites
//   stats    — RSS and where it lies (/proc/self/smaps), V8's heap spaces, process.memoryUsage();
//              with `gc`, after a full collection first (what is retained, not garbage)
//   snapshot — v8.writeHeapSnapshot(file)

const fs = require('node:fs');
const v8 = require('node:v8');
const inspector = require('node:inspector');

let profiler = null;
let session = null;
let started = null;

function reply(id, payload) {
	process.send({ type: 'memory', id, ...payload });
}

/** Resident memory by kind of mapping, in bytes, from /proc/self/smaps (Linux; null elsewhere). */
function residentByMapping() {
	let text;
	try {
		text = fs.readFileSync('/proc/self/smaps', 'utf8');
	} catch {
		return null;
	}
	const execPath = fs.realpathSync(process.execPath);
	const sums = { nodeBinary: 0, sharedLibraries: 0, otherFiles: 0, mallocHeap: 0, stacks: 0, anonymousExecutable: 0, anonymous: 0 };
	let kind = 'anonymous';
	for (const line of text.split('\n')) {
		const header = /^[0-9a-f]+-[0-9a-f]+ (\S{4}) \S+ \S+ \S+\s*(.*)$/.exec(line);
		if (header !== null) {
			const [, perms, name] = header;
			if (name === execPath) kind = 'nodeBinary';
			else if (name === '[heap]') kind = 'mallocHeap';
			else if (name.startsWith('[stack')) kind = 'stacks';
			else if (name.startsWith('/') && name.includes('.so')) kind = 'sharedLibraries';
			else if (name.startsWith('/')) kind = 'otherFiles';
			else kind = perms.includes('x') ? 'anonymousExecutable' : 'anonymous';
			continue;
		}
		const rss = /^Rss:\s+(\d+) kB/.exec(line);
		if (rss !== null) sums[kind] += Number(rss[1]) * 1024;
	}
	return sums;
}

function stats(gc) {
	if (gc && typeof global.gc === 'function') global.gc();
	const spaces = {};
	for (const space of v8.getHeapSpaceStatistics()) {
		spaces[space.space_name] = { size: space.space_size, used: space.space_used_size, physical: space.physical_space_size };
	}
	return { memoryUsage: process.memoryUsage(), heap: v8.getHeapStatistics(), spaces, mappings: residentByMapping() };
}

/** GCProfiler's entries → collections by kind, and the bytes allocated between them. */
function summarizeCollections(report, end) {
	const kinds = {};
	let allocated = 0;
	let previousAfter = started.usedHeap;
	let pauseMs = 0;
	for (const entry of report.statistics) {
		kinds[entry.gcType] = (kinds[entry.gcType] || 0) + 1;
		allocated += Math.max(0, entry.beforeGC.heapStatistics.usedHeapSize - previousAfter);
		previousAfter = entry.afterGC.heapStatistics.usedHeapSize;
		pauseMs += entry.cost / 1000;
	}
	allocated += Math.max(0, end - previousAfter);
	return { kinds, allocatedBytes: allocated, pauseMs };
}

/** The sampling heap profile → bytes by allocating function (name and place), largest first. */
function summarizeSamples(profile) {
	const bySite = new Map();
	let total = 0;
	const walk = (node, stack) => {
		const frame = node.callFrame;
		const site = frame.functionName || frame.url ? `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}` : '(root)';
		if (node.selfSize > 0) {
			// The allocating function and its caller: "who allocates" is clearer with one frame of context.
			const key = stack.length > 0 ? `${site}  ← ${stack[stack.length - 1]}` : site;
			bySite.set(key, (bySite.get(key) || 0) + node.selfSize);
			total += node.selfSize;
		}
		stack.push(site);
		for (const child of node.children) walk(child, stack);
		stack.pop();
	};
	walk(profile.head, []);
	return { totalBytes: total, sites: [...bySite.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40) };
}

function shortUrl(url) {
	if (!url) return '';
	const marker = url.lastIndexOf('node_modules/');
	if (marker !== -1) return url.slice(marker + 'node_modules/'.length);
	const lib = url.indexOf('/lib/');
	if (url.startsWith('node:')) return url;
	return lib === -1 ? url.split('/').slice(-2).join('/') : url.slice(lib + 1);
}

function post(method, params) {
	return new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
}

async function handle(message) {
	const { id, op } = message;
	if (op === 'start') {
		if (message.sample) {
			session = new inspector.Session();
			session.connect();
			await post('HeapProfiler.startSampling', {
				samplingInterval: message.interval || 1024,
				includeObjectsCollectedByMajorGC: true,
				includeObjectsCollectedByMinorGC: true,
			});
		}
		started = { usedHeap: v8.getHeapStatistics().used_heap_size };
		profiler = new v8.GCProfiler();
		profiler.start();
		reply(id, { ok: true });
	} else if (op === 'stop') {
		const report = profiler.stop();
		const end = v8.getHeapStatistics().used_heap_size;
		profiler = null;
		let samples = null;
		if (session !== null) {
			const { profile } = await post('HeapProfiler.stopSampling', {});
			session.disconnect();
			session = null;
			samples = summarizeSamples(profile);
		}
		reply(id, { collections: summarizeCollections(report, end), samples });
	} else if (op === 'stats') {
		reply(id, { stats: stats(message.gc) });
	} else if (op === 'snapshot') {
		reply(id, { file: v8.writeHeapSnapshot(message.file) });
	}
}

process.on('message', (message) => {
	if (message === null || typeof message !== 'object' || message.type !== 'memory') return;
	handle(message).catch((error) => reply(message.id, { error: String(error && error.stack ? error.stack : error) }));
});
