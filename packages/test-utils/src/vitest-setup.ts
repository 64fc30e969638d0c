import { expect } from 'vitest';
import { equalByteArrays } from './byte-equality';

// Every suite (pnpm test, test:fuzz, test:soak) compares byte arrays at once: see equalByteArrays.
expect.addEqualityTesters([equalByteArrays]);
