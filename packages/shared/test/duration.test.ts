import { describe, expect, it } from 'vitest';
import { isBareNumber, parseDuration } from '../src/core';

describe('parseDuration', () => {
  it.each([
    ['30s', 30_000],
    ['1500ms', 1500],
    ['2m', 120_000],
    ['1.5h', 5_400_000],
    ['1500', 1500],
    ['10', 10],
    ['none', null],
    ['0', undefined],
    ['0ms', undefined],
    ['0.25', undefined],
    ['-1s', undefined],
    ['1d', undefined],
    ['', undefined],
  ])('should read %j as %j milliseconds (a bare number is milliseconds)', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each([
    ['30', true],
    ['1.5', true],
    ['30s', false],
    ['none', false],
  ])('should say whether %j is a bare number', (text, bare) => {
    expect(isBareNumber(text)).toBe(bare);
  });
});
