/** Compile-time assertions: `expectType<Equal<A, B>>(true)` fails to compile unless A and B are the same type. */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export type IsAny<T> = 0 extends 1 & T ? true : false;
export function expectType<T extends true>(_value: T): void {}
/** A value of any type, for checks that only compile. */
export declare function value<T>(): T;
