/** `require('express/lib/express')`: the factory itself, as `require('express')`. */
import velox = require('../index');
export = velox;
