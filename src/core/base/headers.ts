/** A header's value as node's `setHeader` takes it. Types only; the one declaration inside Velox. */
export type HeaderValue = string | number | readonly string[];
