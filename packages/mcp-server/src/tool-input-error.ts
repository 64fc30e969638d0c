/**
 * A tool call's input is wrong in a way the schema cannot say (a path outside the roots, a missing
 * command): the server answers it with an `isError` result naming the field, and keeps serving.
 */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
  readonly code = 'ERR_MCP_INVALID_INPUT';
  /** The input field at fault, as the tool's schema names it. */
  readonly field: string;

  /** Creates the error; the message starts with the field's name in quotes. */
  constructor(field: string, problem: string) {
    super(`The "${field}" input ${problem}`);
    this.field = field;
  }
}
