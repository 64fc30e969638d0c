export type { HttpOptions } from './http/http-options';
export { main } from './main';
export { createPipeguardServer, type PipeguardServer } from './server';
export { type ParsedCommandLine, parseCommandLine, type ServerOptions, USAGE } from './server-options';
