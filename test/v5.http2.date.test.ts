import './helpers/line5';
/**
 * Velox 5 sends an HTTP/2 response's `Date` as Velox 4 does (the header is the same code on both
 * lines, http2/index.ts): the same tests, with Express 5's line in force.
 */
import './http2.date.test';
