/**
 * Imported first (a bare `import './helpers/line5'`) by each test of Velox 5: puts Express 5's line
 * policy in force before Velox loads, as the Velox 5 package's build does. The test then runs the
 * repository's build as Velox 5, and the differential helpers compare it with express@5.
 */
import { useLine } from '../../src/core/lines';

useLine(5);
