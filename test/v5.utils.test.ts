import './helpers/line5';
/**
 * Velox 5's `express/lib/utils` against express@5's: the same members (`methods` added, `isAbsolute`,
 * `flatten` and `contentDisposition` gone: the `removed.utils` row) and the same results, notably
 * `normalizeType`'s reading of media type parameters (a parameter without `=` skipped, values
 * trimmed, a value running to the next `;`).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

const veloxUtils = require('../src/utils') as Record<string, unknown> & {
	normalizeType(type: string): unknown;
	normalizeTypes(types: string[]): unknown;
	methods: string[];
};
const expressUtils = require('express5/lib/utils') as typeof veloxUtils;

describe('Velox 5 lib/utils', () => {
	test('has express@5’s members, no more and no fewer', () => {
		assert.deepEqual(Object.keys(veloxUtils).sort(), Object.keys(expressUtils).sort());
		assert.equal(veloxUtils.isAbsolute, undefined);
		assert.equal(veloxUtils.flatten, undefined);
		assert.equal(veloxUtils.contentDisposition, undefined);
	});

	test('methods: node’s methods in lower case, as express@5', () => {
		assert.deepEqual(veloxUtils.methods, expressUtils.methods);
		assert.ok(veloxUtils.methods.includes('get') && veloxUtils.methods.includes('m-search'));
	});

	test('normalizeType and normalizeTypes read parameters as express@5', () => {
		const types = [
			'text/plain;invalid',
			'text/plain; invalid; charset=utf-8',
			'text/plain;charset= utf-8 ;q=0.5',
			'text/plain ; q=0.2',
			'text/plain;a=b=c',
			'text/plain;=x',
			'text/plain;;;',
			'text/plain;q',
			'text/plain; q =0.7; level=1',
			'application/json',
			'html',
			'unknownext',
			'js',
		];
		for (const type of types) assert.deepEqual(veloxUtils.normalizeType(type), expressUtils.normalizeType(type), type);
		assert.deepEqual(veloxUtils.normalizeType('text/plain;invalid'), { value: 'text/plain', quality: 1, params: {} });
		assert.deepEqual(veloxUtils.normalizeTypes(types), expressUtils.normalizeTypes(types));
	});
});
