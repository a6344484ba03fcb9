import { randomInt } from 'node:crypto';
import { sha256 } from '../../lib/ids.js';

/**
 * Redeem codes: `PS-` and three groups of four characters (e.g. `PS-3R5H-9N4W-3FEK`) from an alphabet without look-alikes (no 0/O, 1/I/L), so a code
 * read aloud or typed from a printed card is typed right. 12 characters of 31 are about 59 bits:
 * unguessable, with the per-user attempt limit on top.
 */
export const REDEEM_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GROUPS = 3;
const GROUP_LENGTH = 4;
const PREFIX = 'PS';

/** A new code, from the OS's random source (randomInt has no modulo bias). */
export function generateRedeemCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i++) group += REDEEM_ALPHABET[randomInt(REDEEM_ALPHABET.length)];
    groups.push(group);
  }
  return [PREFIX, ...groups].join('-');
}

/**
 * The form a code is hashed in: upper case without dashes or underscores, so `ps-abcd-…`, `PSABCD…`
 * and the printed form all name one code.
 */
export function canonicalRedeemCode(input: string): string {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** What is stored instead of the code: the sha256 of its canonical form. */
export function hashRedeemCode(input: string): string {
  return sha256(canonicalRedeemCode(input));
}

/** The last four characters, shown to admins to tell codes apart. */
export function redeemCodeHint(code: string): string {
  return canonicalRedeemCode(code).slice(-4);
}
