#!/usr/bin/env node
import { main } from './main';

main(process.argv.slice(2)).then(
  (status) => {
    if (status !== 0) process.exitCode = status;
  },
  (error: Error) => {
    process.stderr.write(`pipeguard-mcp: ${error.message}\n`);
    process.exitCode = 1;
  },
);
