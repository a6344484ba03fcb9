/**
 * The destinations the quotation assistant understands by name: ~60 common shipping countries,
 * each with its ISO 3166-1 alpha-2 code, display name and the other names people write
 * ("USA", "UK", "Deutschland"). Freight is priced by zone from the code (packages/quote).
 */
import { normalizeTerm } from '@packsmith/contracts';

export interface Country {
  readonly code: string;
  readonly name: string;
  readonly aliases: readonly string[];
}

const c = (code: string, name: string, ...aliases: string[]): Country => ({ code, name, aliases });

export const COUNTRIES: readonly Country[] = [
  c('DE', 'Germany', 'deutschland', 'allemagne', 'alemania'),
  c('FR', 'France', 'frankreich', 'francia'),
  c('GB', 'United Kingdom', 'uk', 'u k', 'great britain', 'britain', 'england', 'scotland', 'wales'),
  c('IE', 'Ireland', 'eire'),
  c('ES', 'Spain', 'espana', 'spanien'),
  c('PT', 'Portugal'),
  c('IT', 'Italy', 'italia', 'italien'),
  c('NL', 'Netherlands', 'the netherlands', 'holland', 'nederland'),
  c('BE', 'Belgium', 'belgique', 'belgie'),
  c('LU', 'Luxembourg'),
  c('AT', 'Austria', 'osterreich', 'oesterreich'),
  c('CH', 'Switzerland', 'schweiz', 'suisse', 'svizzera'),
  c('DK', 'Denmark', 'danmark'),
  c('SE', 'Sweden', 'sverige'),
  c('NO', 'Norway', 'norge'),
  c('FI', 'Finland', 'suomi'),
  c('IS', 'Iceland'),
  c('PL', 'Poland', 'polska'),
  c('CZ', 'Czechia', 'czech republic'),
  c('SK', 'Slovakia'),
  c('HU', 'Hungary'),
  c('RO', 'Romania'),
  c('BG', 'Bulgaria'),
  c('GR', 'Greece', 'hellas'),
  c('HR', 'Croatia'),
  c('SI', 'Slovenia'),
  c('EE', 'Estonia'),
  c('LV', 'Latvia'),
  c('LT', 'Lithuania'),
  c('UA', 'Ukraine'),
  c('TR', 'Turkey', 'turkiye'),
  c('US', 'United States', 'usa', 'u s a', 'united states of america', 'america', 'the us', 'the states'),
  c('CA', 'Canada'),
  c('MX', 'Mexico'),
  c('BR', 'Brazil', 'brasil'),
  c('AR', 'Argentina'),
  c('CL', 'Chile'),
  c('CO', 'Colombia'),
  c('PE', 'Peru'),
  c('CN', 'China', 'prc', 'mainland china'),
  c('HK', 'Hong Kong'),
  c('TW', 'Taiwan'),
  c('JP', 'Japan', 'nippon'),
  c('KR', 'South Korea', 'korea', 'republic of korea'),
  c('IN', 'India', 'bharat'),
  c('PK', 'Pakistan'),
  c('BD', 'Bangladesh'),
  c('VN', 'Vietnam', 'viet nam'),
  c('TH', 'Thailand'),
  c('MY', 'Malaysia'),
  c('SG', 'Singapore'),
  c('ID', 'Indonesia'),
  c('PH', 'Philippines'),
  c('AU', 'Australia', 'oz'),
  c('NZ', 'New Zealand', 'aotearoa'),
  c('AE', 'United Arab Emirates', 'uae', 'emirates', 'dubai'),
  c('SA', 'Saudi Arabia', 'ksa'),
  c('IL', 'Israel'),
  c('EG', 'Egypt'),
  c('MA', 'Morocco'),
  c('NG', 'Nigeria'),
  c('KE', 'Kenya'),
  c('ZA', 'South Africa', 'rsa'),
];

const byCode = new Map(COUNTRIES.map((k) => [k.code, k]));
// Longest names first so "south korea" wins over "korea" and "united states of america" over "america".
const byName = COUNTRIES.flatMap((k) => [k.name, ...k.aliases].map((n) => ({ phrase: normalizeTerm(n), country: k }))).sort(
  (a, b) => b.phrase.length - a.phrase.length,
);

export function countryByCode(code: string): Country | undefined {
  return byCode.get(code.trim().toUpperCase());
}

/** 'Germany (DE)': the destination chip's value. */
export const countryLabel = (k: Country): string => `${k.name} (${k.code})`;

/** The country a whole phrase names: a name, an alias, a code ("de", "US") or a chip value ("Germany (DE)"). */
export function lookupCountry(phrase: string): Country | undefined {
  const chip = /\(([A-Za-z]{2})\)\s*$/.exec(phrase.trim());
  if (chip?.[1]) return countryByCode(chip[1]);
  const key = normalizeTerm(phrase).replace(/^(?:to|the) /, '');
  if (/^[a-z]{2}$/.test(key)) return countryByCode(key);
  return byName.find((n) => n.phrase === key)?.country;
}

/**
 * A destination named inside a sentence. Names count after a shipping cue ("to Germany", "ship to
 * the USA", "deliver to Canada", "destination: France"); an upper-case code counts after one too
 * ("to DE"). Anywhere else a country is more likely an origin ("tea from India") and is ignored,
 * unless `anywhere` (the assistant asked for the destination).
 */
export function findCountry(text: string, anywhere: boolean): Country | undefined {
  const whole = lookupCountry(text);
  if (whole) return whole;
  const cue = String.raw`(?:^| )(?:to|into|ship(?:ped|ping)? to|deliver(?:ed|y)? to|send(?:ing)? to|destination(?: is)?|shipping to)`;
  const norm = normalizeTerm(text);
  for (const { phrase, country } of byName) {
    const re = new RegExp(`${anywhere ? '(?:^| )' : `${cue} (?:the )?`}${phrase.replace(/ /g, ' ')}(?= |$)`);
    if (re.test(norm)) return country;
  }
  const code = /\b(?:to|into|destination:?)\s+([A-Z]{2})\b/.exec(text);
  return code?.[1] ? countryByCode(code[1]) : undefined;
}
