import { describe, expect, it } from 'vitest';
import { validateInteger, validateOneOf, validateOptionsObject, validateString } from '../src/index';

describe('validateInteger', () => {
  it.each([
    [-1, RangeError, 'The "maxBytes" option must be a non-negative safe integer or null. Received -1'],
    [1.5, RangeError, 'The "maxBytes" option must be a non-negative safe integer or null. Received 1.5'],
    [
      Number.NaN,
      RangeError,
      'The "maxBytes" option must be a non-negative safe integer or null. Received NaN',
    ],
    ['1', TypeError, `The "maxBytes" option must be of type number or null. Received type string ('1')`],
  ])('should reject %s', (value, errorClass, message) => {
    expect(() => validateInteger('maxBytes', value, { nullable: true })).toThrow(errorClass);
    expect(() => validateInteger('maxBytes', value, { nullable: true })).toThrow(message);
  });

  it('should word a minimum other than zero', () => {
    expect(() => validateInteger('maxUnitBytes', 3, { minimum: 4 })).toThrow(
      'The "maxUnitBytes" option must be a safe integer greater than or equal to 4. Received 3',
    );
  });
});

describe('validateOneOf', () => {
  it('should name the allowed values', () => {
    expect(() => validateOneOf('keep', 'middle', ['head', 'tail'])).toThrow(
      new RangeError(`The "keep" option must be one of 'head', 'tail'. Received 'middle'`),
    );
  });
});

describe('validateOptionsObject', () => {
  it.each([null, 5, 'x', []])('should reject %j', (value) => {
    expect(() => validateOptionsObject(value)).toThrow(TypeError);
  });

  it.each([
    [{ maxbytes: 10 }, 'The "options" argument has an unknown option "maxbytes" (did you mean "maxBytes"?)'],
    [
      { keep: 'head', kep: 'tail' },
      'The "options" argument has an unknown option "kep" (did you mean "keep"?)',
    ],
    [{ colour: true }, 'The "options" argument has an unknown option "colour"'],
  ])('should reject the unknown key of %j and suggest the nearest known one', (value, message) => {
    expect(() => validateOptionsObject(value, ['maxBytes', 'keep', 'label'])).toThrow(new TypeError(message));
  });

  it('should name a nested option instead of the options argument when given its name', () => {
    expect(() => validateOptionsObject({ platfrom: 'linux' }, ['platform', 'env'], 'host')).toThrow(
      new TypeError('The "host" option has an unknown option "platfrom" (did you mean "platform"?)'),
    );
    expect(() => validateOptionsObject('linux', ['platform'], 'host')).toThrow(
      new TypeError(`The "host" option must be of type object. Received type string ('linux')`),
    );
  });

  it('should accept known keys, an empty object and undefined', () => {
    for (const value of [{ maxBytes: 1, keep: 'head' }, {}, undefined]) {
      expect(() => validateOptionsObject(value, ['maxBytes', 'keep'])).not.toThrow();
    }
  });
});

describe('validateString', () => {
  it('should reject a non-string with a TypeError and, when asked, an empty string with a RangeError', () => {
    expect(() => validateString('label', 1)).toThrow(
      new TypeError('The "label" option must be of type string. Received type number (1)'),
    );
    expect(() => validateString('label', '')).not.toThrow();
    expect(() => validateString('label', '', { nonEmpty: true })).toThrow(
      new RangeError(`The "label" option must be a non-empty string. Received ''`),
    );
    expect(() => validateString('label', 'x', { nonEmpty: true })).not.toThrow();
  });
});
