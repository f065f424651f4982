/**
 * Preloaded by `npm run test:indexed` (`node --test --require …`; node passes the flag on to each
 * test file's process): every router stack, however small, is walked through the route index.
 * A test file fails at exit when that did not take: a traversal walked a stack linearly, or the
 * file loaded another copy of Velox's router, which the switch does not reach.
 */
import path from 'node:path';
import { LinearCursor, setIndexThreshold } from '../../src/core/router/candidates';

// The `node --test` runner itself loads this too: it routes nothing and is left alone.
if (!process.execArgv.includes('--test')) {
	setIndexThreshold(0);
	let linearWalks = 0;
	const seek = LinearCursor.prototype.seek;
	LinearCursor.prototype.seek = function seekCounted(this: LinearCursor, urlPath: string, from: number): void {
		linearWalks++;
		seek.call(this, urlPath, from);
	};
	const ours = require.resolve('../../src/core/router/candidates');
	process.on('exit', () => {
		const suffix = path.join('core', 'router', 'candidates.js');
		const others = Object.keys(require.cache).filter((file) => file.endsWith(suffix) && file !== ours);
		let problem: string | undefined;
		if (others.length !== 0) problem = `loaded another copy of the router (${others.join(', ')}), which is not forced onto the index`;
		else if (linearWalks !== 0) problem = `walked a router stack linearly ${linearWalks} times`;
		if (problem === undefined) return;
		process.stderr.write(`test:indexed: ${process.argv[1]} ${problem}\n`);
		process.exitCode = 1;
	});
}
