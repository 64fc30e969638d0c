import { main } from './cli/main';

main(process.argv.slice(2)).then((status) => {
  process.exit(status);
});
