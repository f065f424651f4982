/** `require('express/lib/router/route')`: Velox's Route, the same object as `require('express').Route`. */
import { Route } from '../core/router/route';

export = Route;
