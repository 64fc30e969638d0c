/** The callback of `_transform`/`_flush`, which readable-stream's types do not export. */
export type TransformCallback = (error?: Error | null, data?: unknown) => void;

/** The callback of `_write`/`_final`/`_destroy`. */
export type WriteCallback = (error?: Error | null) => void;
