#!/usr/bin/env node
// The CLI is TypeScript run through tsx's loader, so there is no build step between an edit and a run.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
