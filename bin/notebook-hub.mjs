#!/usr/bin/env node
// Runs the TypeScript sources directly; the same entry serves `npm start` and the installed bin.
import { register } from 'tsx/esm/api';

register();
await import('../service/src/cli/main.ts');
