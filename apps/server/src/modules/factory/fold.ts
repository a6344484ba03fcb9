/**
 * City names folded for comparison: NFD, combining marks stripped, lower case. Letters NFD does
 * not decompose (ł, ø, ß, æ…) are mapped by hand, so "Łódź" and "LODZ" meet at "lodz". Any run of
 * other characters (spaces, hyphens, dots, apostrophes, brackets) becomes one space
 * ("Ho-Chi-Minh  City" = "ho chi minh city").
 * The stored `city_key` column holds this fold of `city`.
 */
const EXTRA: Readonly<Record<string, string>> = {
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ø: 'o',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

export function foldCity(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[łđðøßæœþıħ]/g, (c) => EXTRA[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
