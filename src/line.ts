/**
 * The Express line this build of Velox serves. The repository builds Velox 4 (this file); the
 * Velox 5 package is the same build with this one module written as `exports.LINE = 5`
 * (scripts/pack-line.js). Nothing else differs between the two packages' code.
 */
export const LINE: 4 | 5 = 4 as 4 | 5;
