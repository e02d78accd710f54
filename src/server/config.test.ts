import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ATTACHMENT_QUOTA_MB).toBe(50);
  });

  it('reads the attachment quota per client in whole MB', () => {
    expect(loadConfig({ ATTACHMENT_QUOTA_MB: '200' }).ATTACHMENT_QUOTA_MB).toBe(200);
    for (const bad of ['0', '-5', '2.5', 'beaucoup']) {
      expect(() => loadConfig({ ATTACHMENT_QUOTA_MB: bad }), bad).toThrow(
        /^Invalid environment variable ATTACHMENT_QUOTA_MB/,
      );
    }
  });

  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid environment variable PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'boss' })).toThrow(/ADMIN_USERNAME/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('turns online payment on with both Stripe settings, and stops on one alone or a mistyped one', () => {
    expect(loadConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
    const both = { STRIPE_SECRET_KEY: 'sk_test_51Abcdefgh', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef' };
    expect(loadConfig(both)).toMatchObject(both);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: both.STRIPE_SECRET_KEY })).toThrow(
      /^Invalid environment variable STRIPE_SECRET_KEY: is set without STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: both.STRIPE_WEBHOOK_SECRET })).toThrow(
      /^Invalid environment variable STRIPE_WEBHOOK_SECRET: is set without STRIPE_SECRET_KEY/,
    );
    // The publishable key pasted in the wrong place, and the secret key given as the webhook's.
    expect(() => loadConfig({ ...both, STRIPE_SECRET_KEY: 'pk_test_51Abcdefgh' })).toThrow(
      /^Invalid environment variable STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => loadConfig({ ...both, STRIPE_WEBHOOK_SECRET: both.STRIPE_SECRET_KEY })).toThrow(
      /^Invalid environment variable STRIPE_WEBHOOK_SECRET: must be the signing secret/,
    );
  });

  it('takes the screen share relay as coturn addresses with their secret, or a JSON list, and stops on a half', () => {
    expect(loadConfig({}).TURN_URL).toBeUndefined();
    const turn = { TURN_URL: 'turn:turn.example.fr:3478, turns:turn.example.fr:5349', TURN_SECRET: 'x'.repeat(32) };
    expect(loadConfig(turn).TURN_URL).toEqual(['turn:turn.example.fr:3478', 'turns:turn.example.fr:5349']);
    expect(() => loadConfig({ TURN_URL: turn.TURN_URL })).toThrow(
      /^Invalid environment variable TURN_URL: is set without TURN_SECRET/,
    );
    expect(() => loadConfig({ TURN_SECRET: turn.TURN_SECRET })).toThrow(/^Invalid environment variable TURN_SECRET/);
    expect(() => loadConfig({ ...turn, TURN_URL: 'https://turn.example.fr' })).toThrow(/TURN_URL: must list turn:/);
    expect(loadConfig({ ICE_SERVERS: '[{"urls":"stun:stun.example.fr:3478"}]' }).ICE_SERVERS).toEqual([
      { urls: 'stun:stun.example.fr:3478' },
    ]);
    for (const bad of ['stun:x', '[]', '{"urls":"stun:x"}', '[{"url":"stun:x"}]'])
      expect(() => loadConfig({ ICE_SERVERS: bad }), bad).toThrow(
        /^Invalid environment variable ICE_SERVERS: must be a JSON list/,
      );
    expect(() => loadConfig({ ...turn, ICE_SERVERS: '[{"urls":"stun:x"}]' })).toThrow(
      /ICE_SERVERS: is set with TURN_URL/,
    );
  });

  it('trusts nobody’s X-Forwarded-For by default, and only the proxies listed by address or range', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['1', '2', 'true', '10.0.0.1,proxy.example', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/2', '::1/129'])(
    'refuses TRUST_PROXY=%s with a line saying what to write instead',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /^Invalid environment variable TRUST_PROXY: ".+" is not an IP address, a CIDR range \(10\.0\.0\.0\/8\) or loopback\/linklocal\/uniquelocal; list the proxies, not a count$/,
      );
    },
  );

  it('treats an empty value as unset and trims the public URL', () => {
    const config = loadConfig({ PORT: '', PUBLIC_URL: 'https://support.example.fr/' });
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe('https://support.example.fr');
  });
});

describe('start-up with a bad value', () => {
  it('stops with one line naming the variable', async () => {
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: 'quarante', DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid environment variable PORT/)]);
  });
});
