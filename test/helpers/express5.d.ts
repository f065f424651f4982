// express@5, the oracle of Velox 5's tests (the devDependency `express5`, an alias of express@5):
// typed with @types/express's declarations, which cover what the tests call.
declare module 'express5' {
	import express = require('express');
	export = express;
}
