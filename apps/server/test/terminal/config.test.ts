import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('terminal configuration', () => {
  it('reads the offline threshold and the registration rate limit, with defaults', () => {
    expect(loadConfig({}).terminal).toEqual({ offlineSeconds: 90, registerRateLimit: 30 });
    expect(
      loadConfig({ APM_TERMINAL_OFFLINE_SECONDS: '5', APM_TERMINAL_REGISTER_RATE_LIMIT: '20000' }).terminal,
    ).toEqual({ offlineSeconds: 5, registerRateLimit: 20000 });
  });

  it.each(['0', '-3', '1.5', 'abc', ' '])('refuses %j, naming the variable', (value) => {
    for (const name of ['APM_TERMINAL_OFFLINE_SECONDS', 'APM_TERMINAL_REGISTER_RATE_LIMIT']) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
  });
});
