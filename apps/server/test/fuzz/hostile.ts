import fc from 'fast-check';

/**
 * Hostile values for the contract fuzz: strings PostgreSQL cannot store, huge and
 * odd Unicode, wrong types, deep nesting and prototype keys. Pure fast-check arbitraries, no I/O.
 */

/** One shared 1 MB string: generating a fresh one per case would spend the budget on allocation. */
const ONE_MB = 'A'.repeat(1024 * 1024);
const BIG = 'é🙂'.repeat(40_000); // ~240 KB of UTF-8, under the 1 MB body limit, so it reaches validation

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'] as const;

const SPECIAL_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\udbff\udfff',
  '\uffff',
  '\ufeffBOM',
  '\u202eevil\u202c',
  'שלום עולם',
  'مرحبا',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  'Z̴̡̛͓̣a̶l̷g̵o',
  'İıß',
  '\u0301',
  '%00',
  '%',
  '%zz',
  '../../etc/passwd',
  '/files/../../etc/passwd',
  '/files/',
  '/files/%2e%2e/x.png',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'http://169.254.169.254/latest/meta-data',
  'file:///etc/passwd',
  'data:image/png;base64,AAAA',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9007199254740993',
  '-1',
  '0',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'google',
  'design',
  'like',
  'selftest',
  'x'.repeat(65),
  'x'.repeat(2001),
  'x'.repeat(20_000),
] as const;

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const rtlOrInvisible = fc.constantFrom('\u202e', '\u202d', '\u200f', '\u200b', '\u2066', '\u0000', '\u0007', '\u001b');

/** Strings a client could send in JSON: mixes of the above, random Unicode and big ones. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  // Weights out of 323: a 1 MB string in about 1 % of strings.
  { weight: 120, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 80, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 60, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 40,
    arbitrary: fc
      .array(fc.oneof(fc.string({ maxLength: 4 }), loneSurrogate, rtlOrInvisible, fc.constantFrom('🙂', '👩🏽‍🚀', 'ﷺ')), { maxLength: 12 })
      .map((a) => a.join('')),
  },
  { weight: 20, arbitrary: fc.constantFrom(BIG, 'x'.repeat(4001), '🙂'.repeat(2001)) },
  // Rare: a 1 MB string makes the body exceed BODY_LIMIT_BYTES (the parser's refusal is fuzzed too).
  { weight: 3, arbitrary: fc.constant(ONE_MB) },
);

/** Numbers including the ones that break naive code; NaN and ±Infinity serialise as null in JSON. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    0.5,
    1e-7,
    2 ** 31,
    -(2 ** 31),
    2 ** 53,
    Number.MAX_SAFE_INTEGER + 2,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ),
  fc.integer(),
  fc.double(),
);

/** An own, enumerable `__proto__`/`constructor` key that JSON.stringify really sends (a literal `{__proto__: …}` would set the prototype instead). */
export function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return target;
}

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

const hostileKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROTO_KEYS) },
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: hostileString.filter((s) => s.length < 300) },
);

/** Small trees of hostile values with prototype keys among their keys. */
export const hostileTree: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(tie('node'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(hostileKey, tie('node')), { maxLength: 4 }).map((entries) => {
        const o: Record<string, unknown> = {};
        for (const [k, v] of entries) withKey(o, k, v);
        return o;
      }),
    },
  ),
})).node;

/** A value wrapped 0–40 levels deep in arrays or objects (JSON_LIMITS allows 16). */
export const deepValue: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 0, max: 40 }), fc.boolean(), leaf, fc.constantFrom('a', '__proto__', 'constructor', 'data'))
  .map(([depth, arrays, v, key]) => {
    let out: unknown = v;
    for (let i = 0; i < depth; i++) out = arrays ? [out] : withKey({}, key, out);
    return out;
  });

/** Any wrong or hostile value for a field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: leaf },
  { weight: 2, arbitrary: hostileTree },
  { weight: 1, arbitrary: deepValue },
);

/** Raw bodies that are not a JSON value the schema can even see. */
export const rawBody: fc.Arbitrary<{ text: string; contentType: string }> = fc.oneof(
  fc.constantFrom(
    { text: '', contentType: 'application/json' },
    { text: '{', contentType: 'application/json' },
    { text: 'null', contentType: 'application/json' },
    { text: '"x"', contentType: 'application/json' },
    { text: '[]', contentType: 'application/json' },
    { text: '1e400', contentType: 'application/json' },
    { text: '{"a":1e400}', contentType: 'application/json' },
    { text: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}', contentType: 'application/json' },
    { text: '{"a":"\\ud800"}', contentType: 'application/json' },
    { text: '{"a\\u0000":1}', contentType: 'application/json' },
    { text: '{"a":1,"a":2}', contentType: 'application/json' },
    { text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { text: '<x/>', contentType: 'text/xml' },
    { text: 'plain', contentType: 'text/plain' },
    { text: '{}', contentType: 'application/json; charset=utf-16' },
    { text: '{}', contentType: 'multipart/form-data; boundary=x' },
    { text: '{}', contentType: '' },
  ),
  // Nesting far past anything the schemas allow: JSON.parse itself must not take the server down.
  fc.constantFrom(1_000, 10_000, 100_000).map((n) => ({ text: '['.repeat(n) + ']'.repeat(n), contentType: 'application/json' })),
  fc.constantFrom(1_000, 50_000).map((n) => ({ text: '{"a":'.repeat(n) + '1' + '}'.repeat(n), contentType: 'application/json' })),
  fc.string({ unit: 'binary', maxLength: 200 }).map((text) => ({ text, contentType: 'application/json' })),
);

/** Percent-encodes as UTF-8 without throwing on lone surrogates (they become U+FFFD, as a browser sends them). */
export function encodeQueryPart(s: string): string {
  return Array.from(new TextEncoder().encode(s), (b) =>
    /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');
}

/** Raw query fragments a hand-written client might send: bad escapes, invalid UTF-8, CESU surrogates. */
export const rawQueryValue = fc.constantFrom('%00', '%ED%A0%80', '%FF%FE', '%', '%zz', '%C0%AF', '%E2%80%AE', 'a%2Fb', '%5B%5D', '');
