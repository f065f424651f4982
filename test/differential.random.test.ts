/**
 * The seeded random differential (test/helpers/random-differential.ts) against express@4: thousands
 * of raw requests, the responses compared byte for byte. `VELOX_DIFF_SEED`/`VELOX_DIFF_COUNT` replay
 * or lengthen a run.
 */
import { randomDifferential } from './helpers/random-differential';

randomDifferential();
