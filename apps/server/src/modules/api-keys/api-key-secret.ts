import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@packsmith/contracts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const API_KEY_RANDOM_CHARS = 40;
/** What the billing page shows of a key: `psk_` and 8 characters (35 bits: enough to tell keys apart, far too few to guess one). */
export const API_KEY_DISPLAY_CHARS = 12;
const KEY_FORMAT = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${API_KEY_RANDOM_CHARS}}$`);

/**
 * A new API key: the prefix and 40 base62 characters from the OS's CSPRNG (~238 bits). Bytes of
 * 248 and above are drawn again, so every character is equally likely (248 = 4 × 62).
 */
export function newApiKey(): string {
  let out = '';
  while (out.length < API_KEY_RANDOM_CHARS) {
    for (const b of randomBytes(API_KEY_RANDOM_CHARS)) {
      if (b < 248 && out.length < API_KEY_RANDOM_CHARS) out += ALPHABET[b % 62];
    }
  }
  return API_KEY_PREFIX + out;
}

/**
 * Whether a Bearer value has the shape of an API key. Session tokens (32 bytes base64url, 43
 * characters) never do: a key is 44 characters, so the two never need a lookup to be told apart.
 */
export function looksLikeApiKey(token: string): boolean {
  return KEY_FORMAT.test(token);
}
