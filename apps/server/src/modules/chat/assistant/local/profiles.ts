/**
 * What the assistant knows about kinds of products: which packs suit them and which styles and
 * colours to suggest. The catalogue (packages/contracts) names boxes and tags; this file only
 * relates products to them, so every slug here is checked by the compiler against the catalogue.
 */
import { createTermMatcher, type BoxSlug, type ColourSlug, type StyleSlug } from '@packsmith/contracts';

export interface ProductProfile {
  readonly id: string;
  /** Product words that select this profile (plurals match on their own). */
  readonly terms: readonly string[];
  /** Most suitable first: the box question offers these, and the first is the default. */
  readonly boxes: readonly BoxSlug[];
  readonly styles: readonly StyleSlug[];
  readonly colours: readonly ColourSlug[];
  /** How the suggestion is worded: "for coffee, warm, earthy looks work well". */
  readonly mood: string;
}

const profile = (p: ProductProfile): ProductProfile => p;

export const DEFAULT_PROFILE = profile({
  id: 'general',
  terms: [],
  boxes: ['reverse-tuck-end', 'straight-tuck-end', 'auto-lock-bottom', 'two-piece-rigid', 'mailer-box'],
  styles: ['modern', 'minimalist', 'bold'],
  colours: ['navy', 'white', 'gold', 'sky'],
  mood: 'clean, modern',
});

export const PRODUCT_PROFILES: readonly ProductProfile[] = [
  profile({
    id: 'ready-to-drink-coffee',
    terms: ['cold brew', 'cold brew coffee', 'iced coffee', 'canned coffee', 'ready to drink coffee', 'rtd coffee', 'nitro coffee', 'iced latte'],
    boxes: ['beverage-can', 'slim-can', 'juice-bottle'],
    styles: ['modern', 'minimalist', 'bold'],
    colours: ['coffee', 'cream', 'navy', 'caramel'],
    mood: 'smooth, modern',
  }),
  profile({
    id: 'coffee',
    terms: ['coffee', 'espresso', 'coffee beans', 'whole bean coffee', 'ground coffee', 'roast', 'decaf', 'coffee pods', 'instant coffee', 'single origin'],
    boxes: ['side-gusset-bag', 'stand-up-pouch', 'flat-bottom-pouch', 'tin-can'],
    styles: ['organic', 'vintage', 'minimalist'],
    colours: ['coffee', 'caramel', 'cream', 'kraft', 'terracotta'],
    mood: 'warm, earthy',
  }),
  profile({
    id: 'coffee-shop',
    terms: ['coffee shop', 'cafe', 'takeaway coffee', 'coffee to go', 'latte', 'cappuccino', 'hot chocolate', 'flat white'],
    boxes: ['paper-cup', 'cold-cup', 'paper-bag'],
    styles: ['modern', 'minimalist', 'hand-drawn'],
    colours: ['coffee', 'cream', 'black', 'terracotta'],
    mood: 'warm, modern',
  }),
  profile({
    id: 'cold-cup-drinks',
    terms: ['bubble tea', 'boba', 'milkshake', 'frappe', 'iced drinks'],
    boxes: ['cold-cup', 'paper-cup', 'shopping-bag'],
    styles: ['playful', 'kawaii', 'bold'],
    colours: ['blush', 'mint', 'lavender', 'cream'],
    mood: 'sweet, playful',
  }),
  profile({
    id: 'tea',
    terms: ['tea', 'teas', 'green tea', 'black tea', 'herbal tea', 'matcha', 'chai', 'tea bags', 'loose leaf tea', 'tisane', 'rooibos', 'oolong', 'earl grey', 'infusion'],
    boxes: ['straight-tuck-end', 'paper-tube', 'stand-up-pouch', 'tin-can'],
    styles: ['botanical', 'japanese', 'elegant'],
    colours: ['sage', 'jade', 'cream', 'gold'],
    mood: 'calm, natural',
  }),
  profile({
    id: 'wine',
    terms: ['wine', 'red wine', 'white wine', 'rose wine', 'rosé', 'prosecco', 'champagne', 'sparkling wine', 'pinot noir', 'merlot', 'cabernet', 'cabernet sauvignon', 'chardonnay', 'sauvignon blanc', 'riesling', 'malbec', 'shiraz', 'syrah', 'winery'],
    boxes: ['wine-bottle', 'two-piece-rigid', 'shopping-bag'],
    styles: ['elegant', 'classic', 'luxury'],
    colours: ['burgundy', 'gold', 'cream', 'black'],
    mood: 'elegant, classic',
  }),
  profile({
    id: 'beer',
    terms: ['beer', 'craft beer', 'ale', 'pale ale', 'ipa', 'lager', 'stout', 'pilsner', 'porter', 'cider', 'brewery'],
    boxes: ['beer-bottle', 'beverage-can', 'slim-can'],
    styles: ['bold', 'retro', 'illustrative'],
    colours: ['amber', 'gold', 'navy', 'cream'],
    mood: 'bold, crafted',
  }),
  profile({
    id: 'spirits',
    terms: ['spirits', 'whisky', 'whiskey', 'bourbon', 'scotch', 'gin', 'vodka', 'rum', 'tequila', 'mezcal', 'brandy', 'cognac', 'liqueur', 'distillery'],
    boxes: ['spirits-bottle', 'two-piece-rigid', 'paper-tube'],
    styles: ['luxury', 'art-deco', 'vintage'],
    colours: ['black', 'gold', 'copper', 'navy'],
    mood: 'premium, crafted',
  }),
  profile({
    id: 'water',
    terms: ['water', 'mineral water', 'spring water', 'sparkling water', 'alkaline water', 'coconut water'],
    boxes: ['water-bottle', 'beverage-can', 'slim-can'],
    styles: ['minimalist', 'modern', 'nautical'],
    colours: ['sky', 'white', 'aqua', 'navy'],
    mood: 'clean, fresh',
  }),
  profile({
    id: 'energy-drink',
    terms: ['energy drink', 'sports drink', 'seltzer', 'hard seltzer', 'pre workout drink', 'isotonic drink'],
    boxes: ['slim-can', 'beverage-can', 'water-bottle'],
    styles: ['bold', 'sporty', 'futuristic'],
    colours: ['lime', 'black', 'cyan', 'violet'],
    mood: 'bold, energetic',
  }),
  profile({
    id: 'soft-drinks',
    terms: ['juice', 'orange juice', 'cold pressed juice', 'smoothie', 'smoothies', 'lemonade', 'soda', 'kombucha', 'soft drink', 'iced tea', 'tonic', 'milk', 'oat milk', 'almond milk', 'drink', 'drinks', 'beverage', 'beverages'],
    boxes: ['juice-bottle', 'beverage-can', 'slim-can', 'water-bottle'],
    styles: ['playful', 'modern', 'tropical'],
    colours: ['orange', 'lime', 'yellow', 'coral'],
    mood: 'fresh, vibrant',
  }),
  profile({
    id: 'serum',
    terms: ['serum', 'face serum', 'face oil', 'facial oil', 'essential oil', 'essential oils', 'tincture', 'cbd oil', 'beard oil', 'hair oil', 'retinol', 'hyaluronic acid', 'vitamin c serum'],
    boxes: ['dropper-bottle', 'reverse-tuck-end', 'pump-bottle'],
    styles: ['minimalist', 'clinical', 'elegant'],
    colours: ['white', 'blush', 'amber', 'sage'],
    mood: 'clean, soft',
  }),
  profile({
    id: 'cream',
    terms: ['cream', 'face cream', 'moisturizer', 'moisturiser', 'night cream', 'eye cream', 'day cream', 'body butter', 'balm', 'salve', 'hand cream', 'face mask', 'clay mask', 'sunscreen', 'spf'],
    boxes: ['cream-jar', 'cosmetic-tube', 'reverse-tuck-end'],
    styles: ['minimalist', 'elegant', 'botanical'],
    colours: ['blush', 'white', 'nude', 'sage'],
    mood: 'clean, soft',
  }),
  profile({
    id: 'lotion',
    terms: ['lotion', 'body lotion', 'cleanser', 'face wash', 'body wash', 'hand wash', 'liquid soap', 'hand soap', 'shower gel', 'bath oil', 'massage oil'],
    boxes: ['pump-bottle', 'shampoo-bottle', 'cosmetic-tube'],
    styles: ['minimalist', 'botanical', 'modern'],
    colours: ['sage', 'white', 'lavender', 'stone'],
    mood: 'fresh, clean',
  }),
  profile({
    id: 'haircare',
    terms: ['shampoo', 'conditioner', 'hair care', 'haircare', 'hair mask', 'hair gel', 'styling cream'],
    boxes: ['shampoo-bottle', 'pump-bottle', 'cosmetic-tube'],
    styles: ['modern', 'minimalist', 'botanical'],
    colours: ['white', 'teal', 'sage', 'blush'],
    mood: 'fresh, clean',
  }),
  profile({
    id: 'skincare',
    terms: ['skincare', 'skin care', 'cosmetics', 'beauty', 'beauty products', 'toner', 'skincare line', 'anti aging', 'self care'],
    boxes: ['dropper-bottle', 'cream-jar', 'cosmetic-tube', 'pump-bottle', 'reverse-tuck-end'],
    styles: ['minimalist', 'elegant', 'clinical'],
    colours: ['blush', 'white', 'lavender', 'mint', 'sky'],
    mood: 'clean, pastel',
  }),
  profile({
    id: 'fragrance',
    terms: ['perfume', 'fragrance', 'fragrances', 'cologne', 'eau de parfum', 'eau de toilette', 'body mist', 'room spray', 'attar'],
    boxes: ['spray-bottle', 'reverse-tuck-end', 'two-piece-rigid'],
    styles: ['luxury', 'elegant', 'minimalist'],
    colours: ['black', 'gold', 'champagne', 'blush'],
    mood: 'luxurious, refined',
  }),
  profile({
    id: 'makeup',
    terms: ['makeup', 'make up', 'lipstick', 'mascara', 'foundation', 'eyeshadow', 'eyeshadow palette', 'concealer', 'nail polish', 'lip gloss'],
    boxes: ['reverse-tuck-end', 'cosmetic-tube', 'two-piece-rigid', 'lip-balm-tube'],
    styles: ['elegant', 'luxury', 'bold'],
    colours: ['blush', 'black', 'rose', 'gold'],
    mood: 'chic, confident',
  }),
  profile({
    id: 'lip-care',
    terms: ['lip balm', 'lip balms', 'chapstick', 'lip care', 'lip scrub'],
    boxes: ['lip-balm-tube', 'cream-jar', 'pillow'],
    styles: ['playful', 'botanical', 'minimalist'],
    colours: ['blush', 'mint', 'honey', 'cream'],
    mood: 'soft, playful',
  }),
  profile({
    id: 'soap',
    terms: ['soap', 'soaps', 'bar soap', 'soap bar', 'soap bars', 'handmade soap', 'natural soap', 'bath bomb', 'bath bombs', 'bath salts', 'shampoo bar', 'shampoo bars'],
    boxes: ['sleeve', 'straight-tuck-end', 'pillow', 'reverse-tuck-end'],
    styles: ['botanical', 'organic', 'hand-drawn'],
    colours: ['sage', 'cream', 'lavender', 'kraft'],
    mood: 'natural, handmade',
  }),
  profile({
    id: 'candles',
    terms: ['candle', 'scented candle', 'soy candle', 'wax melts', 'diffuser', 'reed diffuser', 'incense', 'home fragrance'],
    boxes: ['cream-jar', 'auto-lock-bottom', 'two-piece-rigid', 'paper-tube'],
    styles: ['minimalist', 'elegant', 'botanical'],
    colours: ['cream', 'black', 'sage', 'amber'],
    mood: 'cosy, calm',
  }),
  profile({
    id: 'confectionery',
    terms: ['chocolate', 'chocolates', 'chocolate bar', 'dark chocolate', 'milk chocolate', 'truffles', 'pralines', 'bonbons', 'candy', 'sweets', 'gummies', 'gummy bears', 'confectionery', 'fudge', 'toffee', 'marshmallows', 'lollipops', 'macarons', 'caramels'],
    boxes: ['sleeve', 'two-piece-rigid', 'straight-tuck-end', 'flat-pouch'],
    styles: ['luxury', 'playful', 'illustrative'],
    colours: ['chocolate', 'gold', 'blush', 'cream'],
    mood: 'indulgent, rich',
  }),
  profile({
    id: 'snacks',
    terms: ['snack', 'snacks', 'chips', 'crisps', 'tortilla chips', 'popcorn', 'pretzels', 'crackers', 'nuts', 'mixed nuts', 'trail mix', 'jerky', 'beef jerky', 'granola', 'cereal', 'muesli', 'protein bar', 'protein bars', 'energy bar', 'energy bars', 'dried fruit', 'rice cakes'],
    boxes: ['stand-up-pouch', 'flat-bottom-pouch', 'straight-tuck-end', 'flat-pouch'],
    styles: ['bold', 'playful', 'modern'],
    colours: ['orange', 'yellow', 'red', 'green'],
    mood: 'bold, fun',
  }),
  profile({
    id: 'bakery',
    terms: ['cookies', 'cookie', 'biscuits', 'brownies', 'cake', 'cakes', 'cupcakes', 'pastries', 'pastry', 'bread', 'sourdough', 'croissants', 'donuts', 'doughnuts', 'muffins', 'bakery', 'baked goods', 'pie', 'pies', 'waffles', 'pancake mix', 'baking mix', 'shortbread'],
    boxes: ['straight-tuck-end', 'paper-bag', 'display-box', 'pillow'],
    styles: ['rustic', 'hand-drawn', 'playful'],
    colours: ['cream', 'caramel', 'blush', 'brown'],
    mood: 'warm, homemade',
  }),
  profile({
    id: 'pantry-dry',
    terms: ['rice', 'pasta', 'flour', 'oats', 'quinoa', 'lentils', 'grains', 'sugar', 'coconut sugar', 'baking soda', 'polenta', 'couscous'],
    boxes: ['flat-bottom-pouch', 'stand-up-pouch', 'paper-bag', 'straight-tuck-end'],
    styles: ['rustic', 'organic', 'minimalist'],
    colours: ['kraft', 'cream', 'olive', 'mustard'],
    mood: 'wholesome, natural',
  }),
  profile({
    id: 'preserves',
    terms: ['honey', 'raw honey', 'jam', 'jams', 'jelly', 'marmalade', 'preserves', 'pickles', 'chutney', 'peanut butter', 'nut butter', 'almond butter', 'spread', 'spreads', 'pesto', 'salsa', 'sauerkraut', 'kimchi', 'ghee'],
    boxes: ['glass-jar', 'tin-can', 'stand-up-pouch'],
    styles: ['rustic', 'vintage', 'organic'],
    colours: ['honey', 'amber', 'cream', 'kraft'],
    mood: 'rustic, wholesome',
  }),
  profile({
    id: 'condiments',
    terms: ['hot sauce', 'sauce', 'sauces', 'bbq sauce', 'olive oil', 'cooking oil', 'vinegar', 'balsamic vinegar', 'syrup', 'maple syrup', 'dressing', 'salad dressing', 'soy sauce', 'ketchup', 'marinade', 'chili oil'],
    boxes: ['juice-bottle', 'glass-jar', 'tin-can'],
    styles: ['bold', 'vintage', 'rustic'],
    colours: ['red', 'cream', 'olive', 'gold'],
    mood: 'bold, flavourful',
  }),
  profile({
    id: 'spices',
    terms: ['spices', 'spice', 'spice blend', 'seasoning', 'seasonings', 'salt', 'sea salt', 'pepper', 'dried herbs', 'bbq rub', 'dry rub', 'curry powder', 'saffron threads'],
    boxes: ['glass-jar', 'tin-can', 'stand-up-pouch', 'sachet'],
    styles: ['rustic', 'bold', 'folk'],
    colours: ['terracotta', 'mustard', 'rust', 'cream'],
    mood: 'warm, aromatic',
  }),
  profile({
    id: 'desserts',
    terms: ['ice cream', 'gelato', 'frozen yogurt', 'yogurt', 'yoghurt', 'sorbet', 'dessert', 'desserts', 'pudding'],
    boxes: ['ice-cream-cup', 'food-container', 'paper-bowl'],
    styles: ['playful', 'illustrative', 'modern'],
    colours: ['blush', 'mint', 'cream', 'lemon'],
    mood: 'sweet, playful',
  }),
  profile({
    id: 'takeaway',
    terms: ['noodles', 'ramen', 'salad', 'salads', 'soup', 'soups', 'poke', 'meal', 'meals', 'meal prep', 'takeaway', 'takeout', 'take out', 'street food', 'burger', 'burgers', 'fries', 'sandwich', 'sandwiches', 'burrito', 'burritos', 'tacos', 'sushi', 'restaurant', 'food truck', 'fried chicken'],
    boxes: ['paper-bowl', 'food-container', 'paper-bag', 'paper-cup'],
    styles: ['bold', 'street', 'modern'],
    colours: ['red', 'yellow', 'black', 'kraft'],
    mood: 'bold, appetising',
  }),
  profile({
    id: 'pet',
    terms: ['pet food', 'dog food', 'cat food', 'dog treats', 'cat treats', 'pet treats', 'treats', 'kibble', 'bird seed', 'pet supplies', 'dog biscuits', 'cat litter'],
    boxes: ['stand-up-pouch', 'flat-bottom-pouch', 'tin-can', 'paper-bag'],
    styles: ['playful', 'illustrative', 'bold'],
    colours: ['yellow', 'teal', 'orange', 'sky'],
    mood: 'friendly, playful',
  }),
  profile({
    id: 'supplements',
    terms: ['supplements', 'supplement', 'vitamins', 'vitamin', 'multivitamin', 'protein powder', 'whey protein', 'collagen', 'pre workout', 'capsules', 'pills', 'tablets', 'probiotics', 'greens powder', 'electrolytes', 'creatine', 'gummy vitamins'],
    boxes: ['food-container', 'stand-up-pouch', 'glass-jar', 'reverse-tuck-end'],
    styles: ['clinical', 'modern', 'sporty'],
    colours: ['white', 'navy', 'lime', 'orange'],
    mood: 'clean, trustworthy',
  }),
  profile({
    id: 'pharmacy',
    terms: ['medicine', 'ointment', 'pain relief', 'cough syrup', 'cold remedy', 'pharmaceutical', 'first aid', 'eye drops'],
    boxes: ['reverse-tuck-end', 'toothpaste-tube', 'dropper-bottle'],
    styles: ['clinical', 'minimalist', 'modern'],
    colours: ['white', 'blue', 'teal', 'red'],
    mood: 'clear, trustworthy',
  }),
  profile({
    id: 'oral-care',
    terms: ['toothpaste', 'toothbrush', 'toothbrushes', 'mouthwash', 'dental floss', 'whitening strips'],
    boxes: ['toothpaste-tube', 'reverse-tuck-end', 'pump-bottle'],
    styles: ['clinical', 'minimalist', 'modern'],
    colours: ['white', 'sky', 'mint', 'navy'],
    mood: 'fresh, clean',
  }),
  profile({
    id: 'cleaning',
    terms: ['detergent', 'laundry detergent', 'dish soap', 'cleaner', 'cleaning spray', 'all purpose cleaner', 'disinfectant', 'fabric softener', 'cleaning products', 'dishwasher tablets', 'air freshener'],
    boxes: ['spray-bottle', 'pump-bottle', 'stand-up-pouch', 'rsc-0201'],
    styles: ['modern', 'minimalist', 'bold'],
    colours: ['aqua', 'white', 'lime', 'blue'],
    mood: 'fresh, clean',
  }),
  profile({
    id: 'electronics',
    terms: ['electronics', 'earbuds', 'headphones', 'earphones', 'speaker', 'bluetooth speaker', 'charger', 'cable', 'cables', 'phone case', 'phone cases', 'smartwatch', 'gadget', 'gadgets', 'power bank', 'keyboard', 'mouse', 'drone', 'smart home', 'router', 'controller', 'usb', 'led lights', 'smart plug', 'webcam'],
    boxes: ['two-piece-rigid', 'reverse-tuck-end', 'mailer-box', 'display-box'],
    styles: ['modern', 'minimalist', 'futuristic'],
    colours: ['black', 'white', 'silver', 'cobalt'],
    mood: 'sleek, modern',
  }),
  profile({
    id: 'apparel',
    terms: ['t shirt', 't shirts', 'tee', 'tees', 'shirts', 'clothing', 'clothes', 'apparel', 'hoodie', 'hoodies', 'socks', 'underwear', 'lingerie', 'swimwear', 'leggings', 'activewear', 'dresses', 'scarf', 'scarves', 'hats', 'caps', 'streetwear brand'],
    boxes: ['mailer-box', 'shopping-bag', 'flat-paper-bag', 'two-piece-rigid'],
    styles: ['minimalist', 'street', 'modern'],
    colours: ['black', 'white', 'sand', 'sage'],
    mood: 'clean, stylish',
  }),
  profile({
    id: 'shoes',
    terms: ['shoes', 'sneakers', 'trainers', 'boots', 'sandals', 'heels', 'slippers'],
    boxes: ['two-piece-rigid', 'mailer-box', 'shopping-bag'],
    styles: ['street', 'bold', 'minimalist'],
    colours: ['black', 'white', 'orange', 'grey'],
    mood: 'bold, stylish',
  }),
  profile({
    id: 'jewellery',
    terms: ['jewelry', 'jewellery', 'rings', 'necklace', 'necklaces', 'earrings', 'bracelet', 'bracelets', 'watches', 'accessories', 'sunglasses', 'cufflinks'],
    boxes: ['two-piece-rigid', 'pillow', 'shopping-bag', 'flat-paper-bag'],
    styles: ['luxury', 'elegant', 'minimalist'],
    colours: ['black', 'gold', 'blush', 'champagne'],
    mood: 'refined, luxurious',
  }),
  profile({
    id: 'toys',
    terms: ['toys', 'toy', 'puzzle', 'puzzles', 'jigsaw', 'board game', 'board games', 'card game', 'plush', 'plushies', 'stuffed animals', 'building blocks', 'crayons', 'stickers', 'playing cards', 'kids toys', 'baby toys', 'craft kit'],
    boxes: ['two-piece-rigid', 'reverse-tuck-end', 'display-box', 'mailer-box'],
    styles: ['playful', 'kids', 'illustrative'],
    colours: ['yellow', 'sky', 'coral', 'lime'],
    mood: 'bright, playful',
  }),
  profile({
    id: 'baby',
    terms: ['baby food', 'baby lotion', 'diapers', 'nappies', 'baby wipes', 'baby shampoo', 'baby formula', 'baby products'],
    boxes: ['stand-up-pouch', 'pump-bottle', 'reverse-tuck-end'],
    styles: ['kids', 'playful', 'minimalist'],
    colours: ['sky', 'blush', 'mint', 'cream'],
    mood: 'soft, gentle',
  }),
  profile({
    id: 'gifts',
    terms: ['gift set', 'gift sets', 'gift box', 'subscription box', 'hamper', 'gift hamper', 'sampler', 'bundle', 'advent calendar', 'kit'],
    boxes: ['mailer-box', 'two-piece-rigid', 'shopping-bag'],
    styles: ['elegant', 'playful', 'modern'],
    colours: ['cream', 'gold', 'blush', 'forest'],
    mood: 'special, giftable',
  }),
  profile({
    id: 'garden',
    terms: ['seeds', 'seed', 'plants', 'houseplants', 'plant food', 'fertilizer', 'fertiliser', 'potting soil', 'compost', 'bulbs'],
    boxes: ['flat-paper-bag', 'stand-up-pouch', 'paper-bag'],
    styles: ['botanical', 'hand-drawn', 'organic'],
    colours: ['sage', 'forest', 'terracotta', 'cream'],
    mood: 'fresh, natural',
  }),
  profile({
    id: 'stationery',
    terms: ['notebook', 'notebooks', 'stationery', 'pens', 'pencils', 'greeting cards', 'cards', 'planner', 'planners', 'journal', 'journals', 'books'],
    boxes: ['sleeve', 'straight-tuck-end', 'flat-paper-bag', 'mailer-box'],
    styles: ['minimalist', 'illustrative', 'typographic'],
    colours: ['cream', 'navy', 'terracotta', 'sage'],
    mood: 'thoughtful, crafted',
  }),
];

const profileMatcher = createTermMatcher(PRODUCT_PROFILES.map((p) => ({ name: p.id, synonyms: p.terms, profile: p })));

/**
 * The profile for a product phrase. The last match wins because an English noun phrase ends in its
 * head: "lavender soap" is soap, "coffee scented candle" is a candle.
 */
export function profileFor(product: string): ProductProfile {
  const found = profileMatcher.find(product);
  return found[found.length - 1]?.profile ?? DEFAULT_PROFILE;
}

/** Whether a phrase mentions a known kind of product ("vegan cold brew", "lip balm"). */
export function isKnownProduct(phrase: string): boolean {
  return profileMatcher.find(phrase).length > 0;
}

/** Whether a phrase is exactly a known product word ("honey" yes, "Honey Lips" no). */
export function isProductTerm(phrase: string): boolean {
  return profileMatcher.lookup(phrase) !== undefined;
}
