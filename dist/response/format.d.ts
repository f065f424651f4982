import type { FormatCallback, VeloxResponse } from './types';
/**
 * Runs the callback of the best type for `Accept` (the first when `Accept`
 * is absent), setting Content-Type and `Vary: Accept`; with no match it runs
 * `default`, or passes a 406 error to `next`.
 *
 * @example
 * res.format({ text: () => res.send('hey'), json: () => res.send({ message: 'hey' }) });
 */
export declare function format(this: VeloxResponse, object: Record<string, FormatCallback>): VeloxResponse;
interface NormalizedType {
    value: string;
    quality?: number;
    params: Record<string, string>;
}
/** Express's `utils.normalizeType`: a MIME type with its parameters, or an extension looked up. */
export declare function normalizeType(type: string): NormalizedType;
export {};
