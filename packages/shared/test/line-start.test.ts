import { describe, expect, it } from 'vitest';
import { endsAtLineStart } from '../src/index';

describe('endsAtLineStart', () => {
  it('should say what follows starts a line only after nothing or a line feed', () => {
    expect(['', 'a\n', '\n', 'a\r\n'].map(endsAtLineStart)).toEqual([true, true, true, true]);
    expect(['a', 'a\r', '\n ', 'a\n\t'].map(endsAtLineStart)).toEqual([false, false, false, false]);
  });
});
