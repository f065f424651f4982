/** `require('express/lib/application')`: the application prototype every app mixes in. */
import { application } from './core/application';

export = application;
