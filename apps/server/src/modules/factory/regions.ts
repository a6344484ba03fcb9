/**
 * Shipping regions for ranking makers near a destination ("same zone"): a maker in the buyer's
 * region ships by road or short sea, one elsewhere by ocean freight. Coarse on purpose; the cost
 * engine has its own freight zones for prices.
 */
const REGIONS: Readonly<Record<string, string>> = {
  europe: 'AD AL AT BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GI GR HR HU IE IS IT LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS SE SI SK SM TR UA VA XK',
  north_america: 'CA US MX',
  latin_america: 'AR BO BR BZ CL CO CR CU DO EC GT GY HN HT JM NI PA PE PR PY SR SV TT UY VE',
  east_asia: 'CN HK JP KP KR MN MO TW',
  south_east_asia: 'BN ID KH LA MM MY PH SG TH TL VN',
  south_asia: 'AF BD BT IN LK MV NP PK',
  middle_east: 'AE AM AZ BH GE IL IQ IR JO KW LB OM PS QA SA SY YE KZ KG TJ TM UZ RU',
  africa:
    'AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU MW MZ NA NE NG RW SC SD SL SN SO SS ST SZ TD TG TN TZ UG ZA ZM ZW',
  oceania: 'AU NZ FJ PG NC PF SB VU WS TO',
};

const regionByCountry = new Map<string, string>();
for (const [region, codes] of Object.entries(REGIONS)) for (const code of codes.split(' ')) regionByCountry.set(code, region);

/** The shipping region of an ISO 3166-1 alpha-2 code (any case), or null when unknown. */
export function regionOf(countryCode: string): string | null {
  return regionByCountry.get(countryCode.toUpperCase()) ?? null;
}
