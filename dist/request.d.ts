import type { RequestPrototype } from './model';
export declare const request: RequestPrototype;
