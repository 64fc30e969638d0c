import * as z from 'zod';
import { MAX_PATH_CHARS } from '../path-confinement';

/** The `path` argument of the file tools (`read_bytes`, `read_lines`): one schema, one description. */
export const filePathField = z
  .string()
  .max(MAX_PATH_CHARS)
  .describe(
    "The file, within the server's roots or a spill file named by run_command; a relative path starts at the first root.",
  );
