import { main } from './cli/main';

main(process.argv.slice(2)).then((status) => {
  // Not process.exit(): output still buffered for a pipe must be flushed first.
  process.exitCode = status;
});
