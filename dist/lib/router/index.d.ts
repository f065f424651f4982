/** `require('express/lib/router')`: Velox's Router, the prototype of every router (as Express 4's `proto`). */
import { Router } from '../../router/router';
export = Router;
