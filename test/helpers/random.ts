/** A small linear congruential generator: the same seed gives the same sequence (random stacks, apps, layers). */
export function generator(seed: number) {
	let state = seed;
	const next = (bound: number): number => {
		state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
		return state % bound;
	};
	return { next, pick: <T>(items: readonly T[]): T => items[next(items.length)] };
}
