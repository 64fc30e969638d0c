import { constants } from 'node:buffer';

/**
 * The most bytes a capture keeps: V8's longest string (2^29 - 24 UTF-16 units on 64-bit) less 64 KiB
 * for the marker and the placeholder. A kept byte decodes to at most one UTF-16 unit, so kept bytes
 * under this bound always fit in the capture's `text`.
 */
export const MAX_CAPTURE_BYTES = constants.MAX_STRING_LENGTH - 64 * 1024;
