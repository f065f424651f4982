/**
 * The body parsers: `velox.json`, `velox.raw`, `velox.text` and `velox.urlencoded`.
 */
export { json } from './json';
export { raw } from './raw';
export { text } from './text';
export type { BodyParserMiddleware, BodyParserOptions, JsonOptions, RawOptions, TextOptions, UrlencodedOptions } from './types';
export { urlencoded } from './urlencoded';
