import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { iceServersFor, TURN_CREDENTIAL_SECONDS } from './ice-servers.ts';

describe('[REMOTE] the STUN/TURN servers a page is given', () => {
  const now = new Date('2026-11-27T12:00:00Z');

  it('gives coturn’s shared-secret credentials: expiry:who, and the HMAC-SHA1 of it under the secret', () => {
    const secret = 'coturn-static-auth-secret-0123456789';
    const config = loadConfig({ TURN_URL: 'turn:127.0.0.1:3478', TURN_SECRET: secret });
    const [server] = iceServersFor(config, 'staff-3', now);
    const expiry = now.getTime() / 1000 + TURN_CREDENTIAL_SECONDS;
    expect(server).toEqual({
      urls: ['turn:127.0.0.1:3478'],
      username: `${expiry}:staff-3`,
      credential: createHmac('sha1', secret).update(`${expiry}:staff-3`).digest('base64'),
    });
  });

  it('passes ICE_SERVERS as given, and gives none without settings (direct connection on one network)', () => {
    const list = [{ urls: 'stun:stun.example.fr:3478' }];
    expect(iceServersFor(loadConfig({ ICE_SERVERS: JSON.stringify(list) }), 'client-1', now)).toEqual(list);
    expect(iceServersFor(loadConfig({}), 'client-1', now)).toEqual([]);
  });
});
