// The STUN/TURN servers a page is given to reach the other (docs/decisions/043).
import { createHmac } from 'node:crypto';
import type { Config } from '#server/config.ts';

/** One entry of the browser's RTCConfiguration.iceServers. */
type IceServer = NonNullable<Config['ICE_SERVERS']>[number];

/** Long enough for a long session (coturn checks them at each allocation refresh), short enough to be worthless later. */
export const TURN_CREDENTIAL_SECONDS = 4 * 60 * 60;

/**
 * coturn's `use-auth-secret` scheme (TURN REST API): the user name is the expiry time and who it is for, the password
 * the HMAC-SHA1 of that name under the shared secret, so the relay checks it without asking us.
 */
function turnCredentials(secret: string, who: string, now = new Date()) {
  const username = `${Math.floor(now.getTime() / 1000) + TURN_CREDENTIAL_SECONDS}:${who}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/** TURN_URL with fresh credentials, or ICE_SERVERS as given, or none (host candidates only: one network). */
export function iceServersFor(
  config: Pick<Config, 'TURN_URL' | 'TURN_SECRET' | 'ICE_SERVERS'>,
  who: string,
  now = new Date(),
): IceServer[] {
  if (config.TURN_URL && config.TURN_SECRET)
    return [{ urls: config.TURN_URL, ...turnCredentials(config.TURN_SECRET, who, now) }];
  return config.ICE_SERVERS ?? [];
}
