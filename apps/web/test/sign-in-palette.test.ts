import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_PALETTE } from '../src/layouts/auth/sign-in-palette';
import { consoleTheme } from '../src/layouts/settings/theme-tokens';

describe('sign-in palette', () => {
  it("is the console's light theme, token by token", () => {
    const tokens = theme.getDesignToken(consoleTheme('blue', 'light')) as unknown as Record<string, unknown>;
    for (const [name, value] of Object.entries(SIGN_IN_PALETTE)) {
      expect(`${name}: ${String(tokens[name])}`).toBe(`${name}: ${value}`);
    }
  });
});
