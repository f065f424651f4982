import type { ResponsePrototype } from './types';
export declare const response: ResponsePrototype;
