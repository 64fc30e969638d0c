import { describe, expect, it } from 'vitest';
import { NO_PROMPT_ENV, withNoPromptEnv } from '../src/index';

describe('NO_PROMPT_ENV', () => {
  it('should be frozen', () => {
    expect(Object.isFrozen(NO_PROMPT_ENV)).toBe(true);
    expect(() => Object.assign(NO_PROMPT_ENV, { PAGER: 'less' })).toThrow(TypeError);
  });

  it('should hold the switches of git, the pagers, apt and pip that the issue names', () => {
    expect(NO_PROMPT_ENV).toMatchObject({
      GIT_TERMINAL_PROMPT: '0',
      DEBIAN_FRONTEND: 'noninteractive',
      PIP_NO_INPUT: '1',
      PAGER: 'cat',
      GIT_PAGER: 'cat',
      SYSTEMD_PAGER: '',
    });
  });
});

describe('withNoPromptEnv', () => {
  it('should set every no-prompt variable over the inherited environment', () => {
    const inherited = { PATH: '/usr/bin', PAGER: 'less', GIT_TERMINAL_PROMPT: '1', UNSET: undefined };
    expect(withNoPromptEnv(undefined, inherited)).toEqual({ PATH: '/usr/bin', ...NO_PROMPT_ENV });
  });

  it("should let the caller's env win, and take nothing from the inherited one", () => {
    const env = { PATH: '/bin', PAGER: 'less', GIT_EDITOR: undefined };
    expect(withNoPromptEnv(env, { HOME: '/root' })).toEqual({
      ...NO_PROMPT_ENV,
      PATH: '/bin',
      PAGER: 'less',
    });
  });

  it('should change neither object', () => {
    const env = Object.freeze({ PAGER: 'less' });
    const inherited = Object.freeze({ HOME: '/root' });
    withNoPromptEnv(env, inherited);
    withNoPromptEnv(undefined, inherited);
    expect(env).toEqual({ PAGER: 'less' });
    expect(inherited).toEqual({ HOME: '/root' });
  });
});
