import { pathToFileURL } from 'node:url';
import type { Question } from './question';

/** Imports a bench file and returns the question it default-exports. */
export async function loadQuestion(file: string): Promise<Question> {
  const module = (await import(pathToFileURL(file).href)) as { default?: Question };
  if (!module.default?.groups) throw new TypeError(`${file} does not default-export a question`);
  return module.default;
}
