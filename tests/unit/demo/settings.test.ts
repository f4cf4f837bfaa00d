import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config.ts';

describe('demo world settings', () => {
  it('DEMO is on and DEMO_SEED is corkboard unless set; DEMO=off turns the generator off', () => {
    expect(loadConfig({})).toMatchObject({ demo: true, demoSeed: 'corkboard' });
    expect(loadConfig({ DEMO: 'off', DEMO_SEED: 'my world' })).toMatchObject({ demo: false, demoSeed: 'my world' });
  });

  it('refuses an empty or overlong seed, naming the setting', () => {
    for (const seed of ['', '   ', 'x'.repeat(101)]) expect(() => loadConfig({ DEMO_SEED: seed })).toThrow(ConfigError);
    expect(() => loadConfig({ DEMO_SEED: '' })).toThrow('DEMO_SEED');
  });
});
