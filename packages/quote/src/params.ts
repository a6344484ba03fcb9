/*
 * The one parameter table of the quotation engine. Every figure the engine prices with lives here,
 * with its unit, why it has that value and its evidence tag from the reference
 * (docs: /work/shared/reference/packaging-cost-and-dielines.md):
 *   [S] stated in a cited source, [C] read in open-source code, [A] an assumption to verify.
 * A business edits this object (or passes a partial override to computeQuote) instead of code.
 */

export type Evidence = 'S' | 'C' | 'A';

/** One documented figure. */
export interface Param<T> {
  readonly value: T;
  readonly unit: string;
  readonly tag: Evidence;
  readonly source: string;
}

const p = <T>(value: T, unit: string, tag: Evidence, source: string): Param<T> => ({ value, unit, tag, source });

/** A quantity band: applies while the count is at most `upTo` (the last band has upTo Infinity). */
export interface Band {
  readonly upTo: number;
  readonly value: number;
}

export type BoardGrade = 'SBS' | 'FBB' | 'KRAFT' | 'WLC';
export type Flute = 'E' | 'B' | 'C' | 'F' | 'BC';
export type GlueType = 'none' | 'side_seam' | 'crash_lock' | 'four_point' | 'six_point';
export type Zone = 'EU' | 'EUROPE_OTHER' | 'NORTH_AMERICA' | 'LATIN_AMERICA' | 'ASIA' | 'OCEANIA' | 'AFRICA_MIDDLE_EAST';
export type UnitPack = 'bottle' | 'can' | 'jar' | 'tube' | 'pouch' | 'bag' | 'cup';
export type UnitBase = 'glass' | 'plastic' | 'metal' | 'paper';
export type SizeGeometry = 'folding-carton' | 'rigid-box' | 'corrugated-box' | 'bottle' | 'can' | 'jar' | 'tube' | 'pouch' | 'bag' | 'cup' | 'bowl' | 'tub';

export interface SheetSize {
  readonly name: string;
  readonly width_mm: number;
  readonly height_mm: number;
}

export interface SizeRange {
  readonly length_mm: readonly [number, number];
  readonly width_mm: readonly [number, number];
  readonly height_mm: readonly [number, number];
}

/** A unit-cost table row: the pack's base cost by size band (ml or cm²) for a material base. */
export interface UnitBandRow {
  /** Upper bound of the band: ml for round packs, cm² of flat face for pouches and bags. */
  readonly upTo: number;
  readonly cost: Partial<Record<UnitBase, number>>;
}

export const DEFAULT_QUOTE_PARAMS = {
  currency: p('EUR', 'ISO 4217', 'A', 'The reference prices in euros; change with every money figure below.'),

  // ---- Board ----
  board_price_per_t: p<Record<BoardGrade, number>>(
    { SBS: 1300, FBB: 1200, KRAFT: 1000, WLC: 800 },
    '€/t',
    'A',
    'Reference §2: no absolute €/t found; a configurable €1,100–1,700/t for FBB/SBS, kraft and WLC lower.',
  ),
  board_default_gsm: p<Record<BoardGrade, number>>(
    { SBS: 350, FBB: 350, KRAFT: 350, WLC: 400 },
    'g/m²',
    'S',
    'Reference §2: 250–500 g/m² is carton board; the worked example uses 350 g/m² SBS.',
  ),
  board_bulk: p<Record<BoardGrade, number>>(
    { SBS: 1.3, FBB: 1.55, KRAFT: 1.35, WLC: 1.4 },
    'µm per g/m²',
    'S',
    'Reference §2: bulk = µm/gsm; SBS 1.2–1.4, FBB 1.45–1.7, GD 1.3–1.45 (DIN 19303 via hotmetalpress).',
  ),
  material_board: p<Record<'WHITE_BOARD' | 'KRAFT', BoardGrade>>(
    { WHITE_BOARD: 'SBS', KRAFT: 'KRAFT' },
    'grade',
    'A',
    'White board is priced as SBS (GZ), kraft as unbleached kraft board.',
  ),
  flute_price_per_m2: p<Record<Flute, number>>(
    { E: 0.55, B: 0.6, C: 0.65, F: 0.6, BC: 1.0 },
    '€/m²',
    'A',
    'Reference §4.2: €0.55/m² white E-flute; other flutes scaled by board weight.',
  ),
  flute_white_liner_extra_per_m2: p(0, '€/m²', 'A', 'Extra for a white top liner (the reference price is already white E-flute).'),
  flute_weight_g_m2: p<Record<Flute, number>>(
    { E: 450, B: 550, C: 600, F: 400, BC: 1000 },
    'g/m²',
    'A',
    'Reference §2: combined E board ≈ 400–550 g/m²; others from typical liner/medium builds.',
  ),
  flute_caliper_mm: p<Record<Flute, number>>(
    { E: 1.5, B: 3.0, C: 4.0, F: 0.8, BC: 7.0 },
    'mm',
    'S',
    'Reference §2: E ≈ 1.5–1.8, B ≈ 3.2 (vendor 2.5–3.0), C ≈ 4.0, F ≈ 0.8, BC ≈ 7 (packcalc, ukugi).',
  ),
  flute_default_by_box: p<Record<string, Flute>>(
    { 'mailer-box': 'E', 'rsc-0201': 'B', 'hsc-0200': 'B', 'fol-0203': 'B' },
    'flute',
    'A',
    'Mailers in E flute (Packlane, Easy Signs), shipping cartons in B flute.',
  ),
  rigid_greyboard_price_per_t: p(850, '€/t', 'S', 'Reference §2: greyboard US$550–700/t ordinary, US$850–1000/t grade A (deprintedbox).'),
  rigid_greyboard_mm: p(2, 'mm', 'S', 'Reference §2: 2 mm ≈ 1290 gsm (mm ≈ gsm × 1.55 / 1000).'),
  rigid_greyboard_gsm: p(1290, 'g/m²', 'S', 'Reference §2: 2 mm greyboard ≈ 1290 gsm.'),
  rigid_wrap_gsm: p(157, 'g/m²', 'A', 'Printed art paper laminated around rigid boxes.'),
  rigid_wrap_price_per_t: p(1400, '€/t', 'A', 'Coated art paper price, same order as SBS.'),
  rigid_board_share: p(0.75, '× wrap dieline area', 'A', 'Greyboard area as a share of the wrap (the wrap adds turn-ins and overlaps).'),
  rigid_board_waste: p(0.08, 'fraction', 'A', 'Greyboard offcuts when cutting pieces from standard boards.'),
  rigid_wrapping_per_unit: p(0.55, '€/unit', 'A', 'Semi-automatic wrapping of base and lid (labour and glue).'),
  rigid_wrapping_setup: p(150, '€/job', 'A', 'Setting up the wrapping line and corner stayer.'),

  // ---- Sheets and imposition ----
  offset_sheets: p<readonly SheetSize[]>(
    [
      { name: 'B1', width_mm: 720, height_mm: 1020 },
      { name: 'B2', width_mm: 520, height_mm: 720 },
    ],
    'mm',
    'A',
    'Reference §2: B1 presses run ~720 × 1020 mm (Gelato XL105 example); B2 for smaller presses.',
  ),
  digital_sheets: p<readonly SheetSize[]>(
    [
      { name: 'Digital B2', width_mm: 530, height_mm: 750 },
      { name: 'SRA3', width_mm: 320, height_mm: 450 },
    ],
    'mm',
    'A',
    'B2 digital presses (e.g. a 530 × 750 mm sheet) and SRA3 toner presses.',
  ),
  corrugated_sheets: p<readonly SheetSize[]>(
    [
      { name: 'Corrugated 1200 × 1600', width_mm: 1200, height_mm: 1600 },
      { name: 'Corrugated 1600 × 2400', width_mm: 1600, height_mm: 2400 },
    ],
    'mm',
    'A',
    'Standard board sheets of a sheet plant; a cut-to-size sheet (blank + trim) is also tried.',
  ),
  corrugated_custom_trim_mm: p(10, 'mm per edge', 'A', 'Trim around a blank on a cut-to-size corrugated sheet.'),
  corrugated_max_sheet_mm: p<readonly [number, number]>([1800, 2800], 'mm', 'A', 'Largest sheet a corrugator/flatbed die-cutter takes.'),
  gripper_mm: p(10, 'mm', 'A', 'Reference §2: gripper margin ~10–12 mm on the leading edge.'),
  side_lay_mm: p(5, 'mm per side', 'A', 'Trim on the other three sheet edges.'),
  gutter_mm: p(3, 'mm', 'A', 'Reference §2: 3–5 mm gap between blanks for bleed (3 mm bleed shared).'),
  bleed_mm: p(3, 'mm', 'S', 'Reference §1.6: 3 mm bleed on all edges (EU common).'),

  // ---- Waste ----
  makeready_sheets_by_colours: p<Record<number, number>>(
    { 0: 0, 1: 90, 2: 120, 4: 170, 8: 300 },
    'sheets',
    'S',
    'Reference §3.2: 160 sheets/section (Gelato), 2-colour 220, 4-colour ~700 (AmPrinter); §4.1 uses 250 with cutting and lamination.',
  ),
  makeready_sheets_diecut: p(50, 'sheets', 'A', 'Die-cutter make-ready spoils (reference §4.1 250 total with print).'),
  makeready_sheets_lamination: p(30, 'sheets', 'A', 'Laminator threading and setting.'),
  makeready_sheets_digital: p(10, 'sheets', 'A', 'Digital colour check sheets (plateless).'),
  running_waste: p<readonly Band[]>(
    [
      { upTo: 2500, value: 0.037 },
      { upTo: 10000, value: 0.03 },
      { upTo: 25000, value: 0.028 },
      { upTo: Infinity, value: 0.026 },
    ],
    'fraction of net sheets, by net sheets',
    'S',
    'Reference §3.2: 3.7 % at 2,500 sheets → 2.6 % above 25,000 (americanprinter.com).',
  ),
  corrugated_running_waste: p(0.04, 'fraction', 'S', 'Reference §4.2: board incl. 3–5 % waste.'),

  // ---- Offset ----
  prepress: p(50, '€/job', 'A', 'Reference §4.1: prepress / proof €50.'),
  plate_cost: p(15, '€/plate', 'S', 'Reference §3.2: €8.50 per plate (Gelato example); €15 mid of €8.5–25 in §4.1.'),
  offset_press_rate: p(190, '€/h', 'S', 'Reference §3.2: €190/h B1 machine rate (Gelato).'),
  offset_speed_sph: p(8000, 'sheets/h', 'A', 'Reference §3.2: 13,000 sph on paper; board runs ≈ 6–10k sph.'),
  offset_makeready_hours_base: p(0.25, 'h', 'A', 'Reference §4.1: 0.75 h make-ready for 4 colours = 0.25 h + 0.125 h per colour.'),
  offset_makeready_hours_per_colour: p(0.125, 'h/colour', 'A', 'See offset_makeready_hours_base.'),
  ink_per_m2_per_colour: p(0.004, '€/m² of sheet per colour', 'A', 'Reference §4.1: ink ≈ €0.002/unit at 6-up on B1 in CMYK.'),
  ink_coverage_factor: p(1, '× (1 = ~30 % coverage)', 'A', 'The request has no coverage; raise for heavy solids.'),

  // ---- Digital ----
  digital_prepress: p(30, '€/job', 'A', 'File check and imposition for a plateless job.'),
  digital_setup: p(25, '€/job', 'A', 'Reference §3.2: set-up $60 (promo channel); colour profile and calibration.'),
  digital_click_per_sheet: p<Record<number, number>>(
    { 0: 0, 1: 0.1, 2: 0.16, 4: 0.28 },
    '€ per sheet side (530 × 750)',
    'A',
    'B2 digital clicks ≈ €0.04 per A4 in 4 colours; one or two colours print fewer separations.',
  ),
  digital_corrugated_per_m2: p<Record<number, number>>(
    { 0: 0, 1: 0.35, 2: 0.5, 4: 0.8 },
    '€/m² printed',
    'A',
    'Reference §4.2: digital €0.45–0.50/unit on a 0.5–0.6 m² mailer blank.',
  ),
  digital_corrugated_setup: p(30, '€/job', 'S', 'Reference §4.2: digital print + €30.'),

  // ---- Flexo (corrugated) ----
  flexo_plate_per_m2: p(250, '€/m² of plate', 'A', 'Reference §4.2: 4 × €150 photopolymer plates for a ~0.6 m² mailer blank.'),
  flexo_plate_min: p(60, '€/plate', 'A', 'Smallest photopolymer plate charge.'),
  flexo_makeready: p(200, '€/job', 'A', 'Reference §4.2: MR €200 (print + cut).'),
  flexo_rate: p(180, '€/h', 'A', 'Printer-slotter / flexo folder-gluer machine rate.'),
  flexo_speed_sph: p(3500, 'sheets/h', 'A', 'Reference §4.2: run €262 for 5,000 mailers.'),
  flexo_ink_per_m2_per_colour: p(0.008, '€/m² per colour', 'A', 'Reference §4.2: ink €150 at 5,000 mailers in 4 colours.'),

  // ---- Cutting ----
  die_cost_base: p(100, '€', 'A', 'Cutting die: a base (board, making) plus steel rule length (reference §3.2).'),
  die_cost_per_m: p(18, '€/m of cut + crease rule (all ups)', 'A', 'Calibrated so the §4.1 RTE 6-up B1 die (16.6 m of rule) lands at ~€400 (€250–600).'),
  corrugated_die_cost_per_m: p(40, '€/m of rule', 'A', 'Corrugated dies carry ejection rubber and heavier rule: the §4.2 mailer die (6.9 m) lands near €400.'),
  die_cost_min: p(250, '€', 'A', 'Reference §4.1: €250–600 range; $475 anecdote [S].'),
  diecut_makeready: p(100, '€/job', 'S', 'Reference §3.2: ~1 h machine make-ready; §4.1 €100.'),
  diecut_rate: p(120, '€/h', 'A', 'Flatbed die-cutter machine rate.'),
  diecut_speed_sph: p(5000, 'sheets/h', 'A', 'Reference §4.1: ≈ €0.004/unit at 6-up.'),
  stripping_per_unit: p(0.001, '€/unit', 'A', 'Reference §4.1: die-cut + strip €0.005/unit.'),
  corrugated_diecut_makeready: p(50, '€/job', 'S', 'Reference §4.2: die MR €50.'),
  corrugated_diecut_per_unit: p(0.07, '€/unit', 'A', 'Reference §4.2: run €69 + strip €30 for 1,000 mailers.'),
  cutting_table_rate: p(70, '€/h', 'S', 'Reference §4.2: cutting table @ €70/h.'),
  cutting_table_speed_m_min: p(20, 'm of rule per minute', 'A', 'Reference §4.2: 0.7 min per mailer blank (cut + crease).'),
  cutting_table_handling_min: p(0.15, 'min per sheet', 'A', 'Loading and unloading a sheet.'),
  cutting_table_setup: p(20, '€/job', 'A', 'Loading the cut file and a test blank.'),

  // ---- Finishing ----
  lamination_per_m2: p<Record<'matte' | 'gloss', number>>({ matte: 0.15, gloss: 0.12 }, '€/m² of sheet', 'A', 'Reference §3.2: matte lam €0.10–0.25/m².'),
  lamination_setup: p(50, '€/job', 'A', 'Reference §3.2: €30–80 setup.'),
  spot_uv_setup: p(80, '€/job', 'A', 'Screen and make-ready for a spot UV pass.'),
  spot_uv_per_m2: p(0.12, '€/m² of sheet', 'A', 'UV coating pass; blog figure ≈ $0.08/unit (low reliability).'),
  foil_die: p(150, '€ one-off', 'A', 'Brass/magnesium hot-foil block.'),
  foil_setup: p(60, '€/job', 'A', 'Foil press make-ready.'),
  foil_area_cm2: p(20, 'cm² per unit', 'A', 'Assumed foil area (a logo) when the design does not say.'),
  foil_per_cm2: p(0.0015, '€/cm²', 'A', 'Foil and press time per cm² (≈ €0.03 for a 20 cm² logo).'),
  emboss_die: p(180, '€ one-off', 'A', 'Male/female embossing die pair.'),
  emboss_setup: p(60, '€/job', 'A', 'Embossing make-ready.'),
  emboss_per_unit: p(0.015, '€/unit', 'A', 'Embossing pass on the platen.'),
  window_setup: p(60, '€/job', 'A', 'Window patcher set-up.'),
  window_per_unit: p(0.025, '€/unit', 'A', 'Patching run plus film (≈ 30 cm² of PET).'),

  // ---- Gluing ----
  glue: p<Record<GlueType, { setup: number; per_unit: number }>>(
    {
      none: { setup: 0, per_unit: 0 },
      side_seam: { setup: 75, per_unit: 0.0067 },
      crash_lock: { setup: 120, per_unit: 0.012 },
      four_point: { setup: 150, per_unit: 0.015 },
      six_point: { setup: 180, per_unit: 0.02 },
    },
    '€/job + €/unit',
    'A',
    'Reference §4.1: folder-gluer €75 setup + €0.0067/unit (side seam, 10–30k/h); other glue types slower.',
  ),
  glue_by_family: p<Record<string, GlueType>>(
    {
      'reverse-tuck-end': 'side_seam',
      'straight-tuck-end': 'side_seam',
      sleeve: 'side_seam',
      pillow: 'side_seam',
      'auto-lock-bottom': 'crash_lock',
      'display-box': 'four_point',
      'mailer-0427': 'none',
      'rsc-0201': 'side_seam',
      'two-piece-rigid': 'none',
    },
    'glue type',
    'A',
    'Tuck ends and sleeves: straight-line side seam; auto-lock: crash lock; trays: 4 point; mailers fold without glue.',
  ),
  corrugated_glue_per_unit: p(0.02, '€/unit', 'A', 'Corrugated manufacturer joint is slower than a carton side seam.'),

  // ---- Packing and freight ----
  packing_per_unit: p<Record<'carton' | 'corrugated' | 'rigid' | 'unit', number>>(
    { carton: 0.005, corrugated: 0.03, rigid: 0.08, unit: 0.004 },
    '€/unit',
    'A',
    'Reference §4.1 €0.005/unit cartons; §4.2 €8 per 250 mailers; rigid boxes packed nested.',
  ),
  corrugated_admin: p(75, '€/job', 'A', 'Reference §4.2: pack/admin €75.'),
  default_destination: p('DE', 'ISO country', 'A', 'Where an order ships when the request names none.'),
  country_zone: p<Record<string, Zone>>(
    {
      AT: 'EU',
      BE: 'EU',
      BG: 'EU',
      HR: 'EU',
      CY: 'EU',
      CZ: 'EU',
      DK: 'EU',
      EE: 'EU',
      FI: 'EU',
      FR: 'EU',
      DE: 'EU',
      GR: 'EU',
      HU: 'EU',
      IE: 'EU',
      IT: 'EU',
      LV: 'EU',
      LT: 'EU',
      LU: 'EU',
      MT: 'EU',
      NL: 'EU',
      PL: 'EU',
      PT: 'EU',
      RO: 'EU',
      SK: 'EU',
      SI: 'EU',
      ES: 'EU',
      SE: 'EU',
      GB: 'EUROPE_OTHER',
      CH: 'EUROPE_OTHER',
      NO: 'EUROPE_OTHER',
      IS: 'EUROPE_OTHER',
      RS: 'EUROPE_OTHER',
      UA: 'EUROPE_OTHER',
      TR: 'EUROPE_OTHER',
      US: 'NORTH_AMERICA',
      CA: 'NORTH_AMERICA',
      MX: 'LATIN_AMERICA',
      BR: 'LATIN_AMERICA',
      AR: 'LATIN_AMERICA',
      CL: 'LATIN_AMERICA',
      CO: 'LATIN_AMERICA',
      PE: 'LATIN_AMERICA',
      CN: 'ASIA',
      JP: 'ASIA',
      KR: 'ASIA',
      IN: 'ASIA',
      SG: 'ASIA',
      HK: 'ASIA',
      TW: 'ASIA',
      TH: 'ASIA',
      VN: 'ASIA',
      MY: 'ASIA',
      ID: 'ASIA',
      PH: 'ASIA',
      AU: 'OCEANIA',
      NZ: 'OCEANIA',
      AE: 'AFRICA_MIDDLE_EAST',
      SA: 'AFRICA_MIDDLE_EAST',
      IL: 'AFRICA_MIDDLE_EAST',
      ZA: 'AFRICA_MIDDLE_EAST',
      EG: 'AFRICA_MIDDLE_EAST',
      NG: 'AFRICA_MIDDLE_EAST',
      KE: 'AFRICA_MIDDLE_EAST',
      MA: 'AFRICA_MIDDLE_EAST',
    },
    'zone',
    'A',
    'Freight zones from a European plant; a country not listed ships at the AFRICA_MIDDLE_EAST (rest of world) rates.',
  ),
  fallback_zone: p<Zone>('AFRICA_MIDDLE_EAST', 'zone', 'A', 'Zone for countries missing from country_zone.'),
  freight: p<Record<Zone, { parcel_per_kg: number; parcel_min: number; pallet: number; transit_days: number }>>(
    {
      EU: { parcel_per_kg: 0.9, parcel_min: 12, pallet: 120, transit_days: 3 },
      EUROPE_OTHER: { parcel_per_kg: 1.5, parcel_min: 18, pallet: 200, transit_days: 5 },
      NORTH_AMERICA: { parcel_per_kg: 4, parcel_min: 40, pallet: 450, transit_days: 12 },
      LATIN_AMERICA: { parcel_per_kg: 5, parcel_min: 45, pallet: 600, transit_days: 18 },
      ASIA: { parcel_per_kg: 4.5, parcel_min: 40, pallet: 500, transit_days: 14 },
      OCEANIA: { parcel_per_kg: 5.5, parcel_min: 45, pallet: 650, transit_days: 20 },
      AFRICA_MIDDLE_EAST: { parcel_per_kg: 5, parcel_min: 45, pallet: 600, transit_days: 15 },
    },
    '€/kg parcel, € minimum, € per pallet space, days',
    'A',
    'No public freight source; road groupage in Europe, sea/air mix further. Pallet ≤ parcel × threshold keeps unit prices falling.',
  ),
  parcel_max_kg: p(150, 'kg (chargeable)', 'A', 'Above this a shipment goes by pallet.'),
  parcel_dim_factor: p(250, 'kg per m³', 'A', 'Volumetric weight for parcels (road).'),
  pallet_capacity_kg: p(500, 'kg', 'A', 'Load per pallet of flat-packed board.'),
  pallet_capacity_m3: p(1.5, 'm³', 'A', '1200 × 800 pallet stacked 1.6 m high.'),
  flat_pack_air_factor: p(1.2, '× board volume', 'A', 'Air and wrap in a flat stack.'),

  // ---- Commercial ----
  margin: p(0.3, 'fraction of manufacturing cost', 'A', 'Reference §4.1: price = cost × 1.2–1.5 for a converter.'),
  moq: p<Record<'digital' | 'offset' | 'flexo' | 'rigid', number>>(
    { digital: 100, offset: 500, flexo: 500, rigid: 300 },
    'units',
    'S',
    'Reference §3.3: Paperlust full colour MOQ 10, flexo 500; Pakible starter 500; rigid makers quote by value.',
  ),
  lead_time_days: p<Record<'digital' | 'offset' | 'flexo' | 'rigid', number>>(
    { digital: 7, offset: 15, flexo: 18, rigid: 30 },
    'production days',
    'S',
    'Reference §3.3: digital 3–7 working days, flexo/volume 2–3 weeks, custom 8–10 weeks, rigid ~75 days at Numaco.',
  ),

  // ---- Unit-cost packs (estimates) ----
  unit_tables: p<
    Record<UnitPack, { bands: readonly UnitBandRow[]; by: 'ml' | 'cm2'; moq: number; lead_time_days: number; weight_g_per: Partial<Record<UnitBase, number>> }>
  >(
    {
      bottle: {
        by: 'ml',
        bands: [
          { upTo: 60, cost: { glass: 0.18, plastic: 0.06, metal: 0.35 } },
          { upTo: 350, cost: { glass: 0.3, plastic: 0.09, metal: 0.55 } },
          { upTo: 1000, cost: { glass: 0.45, plastic: 0.14, metal: 0.9 } },
          { upTo: Infinity, cost: { glass: 0.7, plastic: 0.22, metal: 1.4 } },
        ],
        moq: 5000,
        lead_time_days: 35,
        weight_g_per: { glass: 0.9, plastic: 0.06, metal: 0.15 },
      },
      can: {
        by: 'ml',
        bands: [
          { upTo: 250, cost: { metal: 0.09 } },
          { upTo: 500, cost: { metal: 0.12 } },
          { upTo: Infinity, cost: { metal: 0.3 } },
        ],
        moq: 10000,
        lead_time_days: 40,
        weight_g_per: { metal: 0.04 },
      },
      jar: {
        by: 'ml',
        bands: [
          { upTo: 60, cost: { glass: 0.2, plastic: 0.1, metal: 0.25 } },
          { upTo: 300, cost: { glass: 0.3, plastic: 0.15, metal: 0.35 } },
          { upTo: Infinity, cost: { glass: 0.55, plastic: 0.25, metal: 0.5 } },
        ],
        moq: 3000,
        lead_time_days: 30,
        weight_g_per: { glass: 1.0, plastic: 0.1, metal: 0.3 },
      },
      tube: {
        by: 'ml',
        bands: [
          { upTo: 30, cost: { plastic: 0.12, metal: 0.18, paper: 0.45 } },
          { upTo: 150, cost: { plastic: 0.18, metal: 0.26, paper: 0.7 } },
          { upTo: Infinity, cost: { plastic: 0.28, metal: 0.4, paper: 1.1 } },
        ],
        moq: 5000,
        lead_time_days: 30,
        weight_g_per: { plastic: 0.08, metal: 0.06, paper: 0.25 },
      },
      pouch: {
        by: 'cm2',
        bands: [
          { upTo: 200, cost: { plastic: 0.08, paper: 0.12, metal: 0.1 } },
          { upTo: 600, cost: { plastic: 0.14, paper: 0.2, metal: 0.17 } },
          { upTo: Infinity, cost: { plastic: 0.25, paper: 0.35, metal: 0.3 } },
        ],
        moq: 1000,
        lead_time_days: 20,
        weight_g_per: { plastic: 0.012, paper: 0.02, metal: 0.015 },
      },
      bag: {
        by: 'cm2',
        bands: [
          { upTo: 800, cost: { paper: 0.12, plastic: 0.05 } },
          { upTo: 2000, cost: { paper: 0.22, plastic: 0.09 } },
          { upTo: Infinity, cost: { paper: 0.45, plastic: 0.16 } },
        ],
        moq: 1000,
        lead_time_days: 20,
        weight_g_per: { paper: 0.02, plastic: 0.008 },
      },
      cup: {
        by: 'ml',
        bands: [
          { upTo: 250, cost: { paper: 0.035, plastic: 0.03 } },
          { upTo: 500, cost: { paper: 0.05, plastic: 0.045 } },
          { upTo: Infinity, cost: { paper: 0.08, plastic: 0.07 } },
        ],
        moq: 5000,
        lead_time_days: 25,
        weight_g_per: { paper: 0.03, plastic: 0.025 },
      },
    },
    '€/unit by size band; weight g per ml or per cm²',
    'A',
    'Reference §2: no unit-cost source found; placeholders (can 330 ml $0.08–0.15, PET $0.05–0.15, glass $0.15–0.60). Marked as estimates.',
  ),
  unit_decoration: p<Record<'none' | 'one_colour' | 'two_colour' | 'cmyk' | 'cmyk_both_sides', { per_unit: number; setup: number }>>(
    {
      none: { per_unit: 0, setup: 0 },
      one_colour: { per_unit: 0.02, setup: 150 },
      two_colour: { per_unit: 0.03, setup: 250 },
      cmyk: { per_unit: 0.05, setup: 400 },
      cmyk_both_sides: { per_unit: 0.08, setup: 600 },
    },
    '€/unit + €/job',
    'A',
    'Decoration (label, screen print, printed film or can body) and its screens, plates or cylinders.',
  ),
  unit_volume_discount: p<readonly Band[]>(
    [
      { upTo: 4999, value: 1 },
      { upTo: 19999, value: 0.92 },
      { upTo: 99999, value: 0.85 },
      { upTo: Infinity, value: 0.78 },
    ],
    'multiplier on the unit cost, by quantity',
    'A',
    'Volume breaks of container makers.',
  ),

  // ---- Validation ----
  size_ranges: p<Record<SizeGeometry, SizeRange>>(
    {
      'folding-carton': { length_mm: [20, 500], width_mm: [10, 400], height_mm: [20, 600] },
      'rigid-box': { length_mm: [50, 600], width_mm: [40, 500], height_mm: [20, 300] },
      'corrugated-box': { length_mm: [80, 1200], width_mm: [50, 1000], height_mm: [20, 1000] },
      bottle: { length_mm: [15, 150], width_mm: [0, 2000], height_mm: [40, 450] },
      can: { length_mm: [40, 160], width_mm: [0, 2000], height_mm: [40, 300] },
      jar: { length_mm: [25, 200], width_mm: [0, 2000], height_mm: [20, 250] },
      tube: { length_mm: [10, 120], width_mm: [0, 2000], height_mm: [40, 400] },
      pouch: { length_mm: [50, 500], width_mm: [0, 200], height_mm: [60, 600] },
      bag: { length_mm: [80, 600], width_mm: [0, 300], height_mm: [100, 700] },
      cup: { length_mm: [40, 200], width_mm: [0, 2000], height_mm: [20, 250] },
      bowl: { length_mm: [60, 250], width_mm: [0, 2000], height_mm: [20, 150] },
      tub: { length_mm: [40, 250], width_mm: [0, 2000], height_mm: [20, 200] },
    },
    'mm (min, max) inside',
    'A',
    'Ranges a typical maker of each pack takes; Packlane mailers 2–20 × 3–21 × 1–6 in [S] sit inside the corrugated range.',
  ),
} as const satisfies Record<string, Param<unknown>>;

export type QuoteParams = { -readonly [K in keyof typeof DEFAULT_QUOTE_PARAMS]: Param<(typeof DEFAULT_QUOTE_PARAMS)[K]['value']> };

/** A business override: new values for some entries (their unit, tag and source stay documented in the table). */
export type QuoteParamOverrides = { readonly [K in keyof QuoteParams]?: QuoteParams[K]['value'] };

/** The defaults with `overrides` applied. */
export function resolveParams(overrides: QuoteParamOverrides = {}): QuoteParams {
  const out = { ...DEFAULT_QUOTE_PARAMS } as QuoteParams;
  for (const key of Object.keys(overrides) as (keyof QuoteParams)[]) {
    const value = overrides[key];
    if (value !== undefined) (out as Record<string, Param<unknown>>)[key] = { ...DEFAULT_QUOTE_PARAMS[key], value };
  }
  return out;
}

/** Value lookup shorthand. */
export type Values = { readonly [K in keyof QuoteParams]: QuoteParams[K]['value'] };
export function valuesOf(params: QuoteParams): Values {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) out[k] = v.value;
  return out as Values;
}

/** Every parameter as a row (name, value as text, unit, tag, source): for the docs and an admin screen. */
export function describeParams(params: QuoteParams = DEFAULT_QUOTE_PARAMS): {
  name: string;
  value: string;
  unit: string;
  tag: Evidence;
  source: string;
}[] {
  return Object.entries(params).map(([name, v]) => ({
    name,
    value: typeof v.value === 'object' ? JSON.stringify(v.value, (_k, x: unknown) => (x === Infinity ? '∞' : x)) : String(v.value),
    unit: v.unit,
    tag: v.tag,
    source: v.source,
  }));
}
