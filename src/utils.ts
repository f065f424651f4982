/** Small shared helpers with no better home. */

/** Flattens nested arrays of handlers, as `array-flatten@1` does for Express 4. */
export function flatten(values: readonly unknown[]): unknown[] {
	const result: unknown[] = [];
	flattenInto(values, result);
	return result;
}

function flattenInto(values: readonly unknown[], result: unknown[]): void {
	for (const value of values) {
		if (Array.isArray(value)) flattenInto(value, result);
		else result.push(value);
	}
}
