import './helpers/line5';
/**
 * The seeded random differential (test/helpers/random-differential.ts) against express@5: the same
 * app in Express 5's route syntax, the same thousands of raw requests, the responses compared byte
 * for byte. `VELOX_DIFF_SEED`/`VELOX_DIFF_COUNT` replay or lengthen a run.
 */
import { randomDifferential } from './helpers/random-differential';

randomDifferential();
