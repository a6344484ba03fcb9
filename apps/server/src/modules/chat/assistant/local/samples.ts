/**
 * Varied English briefs with what a person would read out of them. The extraction test checks the
 * extractor against every line; the latency bench replays the texts through the local assistant.
 * Box is the catalogue id of the first box the text asks for (null: none named); lists are slugs.
 */
export interface BriefSample {
  text: string;
  product: string | null;
  brand: string | null;
  box: number | null;
  styles: readonly string[];
  colours: readonly string[];
  elements: readonly string[];
}

const s = (text: string, product: string | null, brand: string | null, box: number | null, styles: string[] = [], colours: string[] = [], elements: string[] = []): BriefSample => ({
  text, product, brand, box, styles, colours, elements,
});

export const BRIEF_SAMPLES: readonly BriefSample[] = [
  s('I sell cold brew coffee under the brand Nova. I’d like a can with a minimalist look in navy and cream.', 'cold brew coffee', 'Nova', 701, ['minimalist'], ['navy', 'cream']),
  s('Packaging for my handmade soap, the brand is Willow & Thyme. Botanical style with sage green and lavender, maybe some leaves.', 'handmade soap', 'Willow & Thyme', null, ['botanical'], ['sage', 'lavender'], ['leaves']),
  s("We're launching a coffee brand called Ember Roasters — we need a stand-up pouch, warm earthy tones please.", 'coffee', 'Ember Roasters', 501, [], ['terracotta', 'olive', 'sand', 'brown', 'mustard', 'cream', 'rust']),
  s('A wine bottle label for our Pinot Noir, brand name Vieux Chêne, elegant with burgundy and gold.', 'Pinot Noir', 'Vieux Chêne', 301, ['elegant'], ['burgundy', 'gold']),
  s('bottle of wine for Casa Verde winery, rustic feel', 'wine', 'Casa Verde', 301, ['rustic']),
  s('Our craft IPA is called Hop Theory. Bold retro can with orange and teal, hop cones on the front.', 'craft IPA', 'Hop Theory', 701, ['bold', 'retro'], ['orange', 'teal'], ['hops']),
  s('I make small-batch gin, the brand is "Juniper & Smoke". Art deco, black and gold, in a gift box.', 'small-batch gin', 'Juniper & Smoke', 104, ['art-deco'], ['black', 'gold']),
  s('Tea box for Oda matcha: japanese, minimal, dark green with cherry blossoms.', 'matcha', 'Oda', 102, ['japanese', 'minimalist'], ['forest'], ['cherry-blossoms']),
  s('We sell organic green tea, brand Leaf & Kettle, kraft pouch with hand drawn herbs', 'organic green tea', 'Leaf & Kettle', 501, ['hand-drawn'], [], ['herbs']),
  s('Design a dropper bottle for my vitamin C serum. Brand: Glow Lab. Clean, pastel colours.', 'vitamin C serum', 'Glow Lab', 401, ['minimalist'], ['blush', 'mint', 'sky', 'lavender']),
  s("I'm launching a skincare line called Aurea — face cream in a jar, luxury feel, white and rose gold", 'skincare line', 'Aurea', 705, ['luxury'], ['white', 'rose-gold']),
  s('Perfume box for Maison Belle, elegant, champagne and blush, with gold foil accents', 'Perfume', 'Maison Belle', 101, ['elegant'], ['champagne', 'blush', 'gold'], ['gold-foil-accents']),
  s('We make soy candles named Fjord & Fern. Scandinavian style, muted tones, pine branches.', 'soy candles', 'Fjord & Fern', null, ['scandinavian'], ['sage', 'stone', 'mauve', 'denim'], ['pine-branches']),
  s("Nova's new dark chocolate bar needs a sleeve — luxury, deep purple and gold.", 'dark chocolate bar', 'Nova', 105, ['luxury'], ['plum', 'gold']),
  s('Snack pouch for our spicy tortilla chips, brand is Fuego, bold and playful with red and yellow, chili peppers', 'spicy tortilla chips', 'Fuego', 501, ['bold', 'playful'], ['red', 'yellow'], ['chili-peppers']),
  s('Cookie box for Sunny Side Bakery — hand drawn, cream and caramel, with wheat illustrations', 'Cookie', 'Sunny Side Bakery', 101, ['hand-drawn', 'illustrative'], ['cream', 'caramel'], ['wheat']),
  s('honey jar label for Golden Hive farm, vintage, honey gold and black, bees and honeycomb', 'honey', 'Golden Hive', 704, ['vintage'], ['honey', 'black'], ['bees', 'honeycomb']),
  s('We make small-batch hot sauce. The company name is Blaze. Bottle, bold, red and black, flames.', 'small-batch hot sauce', 'Blaze', 304, ['bold'], ['red', 'black'], ['fire']),
  s('Spice jars for my brand Saffron Road, folk style with terracotta and mustard', 'Spice', 'Saffron Road', 704, ['folk'], ['terracotta', 'mustard']),
  s('Ice cream cup for Scoop Club, kawaii, pastel pink and mint, sprinkles', 'Ice cream', 'Scoop Club', 903, ['kawaii'], ['blush', 'mint'], ['sprinkles']),
  s('Noodle bowl packaging for our ramen shop called Umami Street, street style, black and red', 'ramen', 'Umami Street', 904, ['street'], ['black', 'red']),
  s('Dog treats in a stand up pouch, the brand is Happy Paws, playful with yellow and sky blue, dogs and bones', 'Dog treats', 'Happy Paws', 501, ['playful'], ['yellow', 'sky'], ['dogs']),
  s('I sell protein powder called FitFuel, sporty black and lime tub', 'protein powder', 'FitFuel', 905, ['sporty'], ['black', 'lime']),
  s('Packaging for wireless earbuds, brand Vektor, futuristic, silver and electric blue, mailer box', 'wireless earbuds', 'Vektor', 201, ['futuristic'], ['silver', 'blue']),
  s('Our streetwear brand Loud Threads needs a mailer box for t-shirts: grunge, black and white, skulls', 't-shirts', 'Loud Threads', 201, ['grunge'], ['black', 'white'], ['skulls']),
  s('Jewelry gift box for Atelier Nine, minimalist and elegant, ivory with gold', 'Jewelry', 'Atelier Nine', 104, ['minimalist', 'elegant'], ['ivory', 'gold']),
  s('Board game box for Dino Quest, kids style, bright colours, dinosaurs and volcanoes', 'Board game', 'Dino Quest', 104, ['kids'], ['red', 'yellow', 'cobalt', 'lime'], ['dinosaur', 'volcano']),
  s('All purpose cleaner in a spray bottle, brand name is Pure Home, fresh modern look, aqua and white, water droplets', 'All purpose cleaner', 'Pure Home', 403, ['modern'], ['aqua', 'white'], ['water-droplets']),
  s('Sparkling water cans for Nordvik: minimal, light blue and white with mountains', 'Sparkling water', 'Nordvik', 701, ['minimalist'], ['sky', 'white'], ['mountains']),
  s('Energy drink in a slim can named Voltage, cyberpunk, neon green and black', 'Energy drink', 'Voltage', 702, ['cyberpunk'], ['lime', 'black']),
  s('cold pressed juice bottles for "Squeeze", tropical vibe with coral and lime, pineapples', 'cold pressed juice', 'Squeeze', 304, ['tropical'], ['coral', 'lime'], ['pineapple']),
  s('I sell lip balm, brand Honey Lips, cute kawaii look with light pink', 'lip balm', 'Honey Lips', 804, ['kawaii'], ['blush']),
  s('Toothpaste tube for Brightly: clinical, white and mint', 'Toothpaste', 'Brightly', 802, ['clinical'], ['white', 'mint']),
  s('We sell shampoo and conditioner, the brand is called Ocean Roots, nautical, navy and sand, waves', 'shampoo and conditioner', 'Ocean Roots', null, ['nautical'], ['navy', 'sand'], ['waves']),
  s('Seed packets for my garden brand Wild Meadow, watercolor wildflowers, sage and terracotta', 'Seed', 'Wild Meadow', 503, ['watercolor'], ['sage', 'terracotta'], ['wildflowers']),
  s('Notebook sleeve for Paper Fox: line art fox, mustard and navy', 'Notebook', 'Paper Fox', 105, ['line-art'], ['mustard', 'navy'], ['fox']),
  s('we make granola called Sunrise Oats, kraft paper bag, rustic, with the sun and hills', 'granola', 'Sunrise Oats', 601, ['rustic'], [], ['sun', 'hills']),
  s('I need coffee packaging for my roastery Black Ridge, dark and moody colours, mountains, no gold', 'coffee', 'Black Ridge', null, [], ['charcoal', 'navy', 'forest', 'plum'], ['mountains']),
  s('Supplement bottles? No — a pouch for our collagen powder, brand Renew, clean and modern, soft peach', 'collagen powder', 'Renew', 501, ['minimalist', 'modern'], ['peach']),
  s("It's for kombucha, the brand is Wild Ferment, psychedelic style with purple and orange", 'kombucha', 'Wild Ferment', null, ['psychedelic'], ['purple', 'orange']),
  s('Bakery bag for Crumb & Co sourdough, minimalist, black and kraft', 'sourdough', 'Crumb & Co', 601, ['minimalist'], ['black', 'kraft']),
  s('A paper cup for Bean There café, mid century, olive and cream, coffee beans', null, 'Bean There', 901, ['mid-century'], ['olive', 'cream'], ['coffee-beans']),
  s('Can you design a cat food tin for Whisker Co? Illustrative, teal and coral, with cats and fish', 'cat food', 'Whisker Co', 703, ['illustrative'], ['teal', 'coral'], ['cats', 'fish']),
  s('Body lotion in a pump bottle for Velvet Moon, luxury, dark purple and silver, moon and stars', 'Body lotion', 'Velvet Moon', 402, ['luxury'], ['plum', 'silver'], ['moon', 'stars']),
  s('Whisky bottle for Old Mill Distillery, vintage, burgundy and gold, with a crest', 'Whisky', 'Old Mill Distillery', 305, ['vintage'], ['burgundy', 'gold'], ['crest']),
  s('just sea salt flakes, brand is Tidal, minimalist teal', 'sea salt flakes', 'Tidal', null, ['minimalist'], ['teal']),
  s('we need labels for our olive oil, brand: Terra Antica, mediterranean look with olive branches', 'olive oil', 'Terra Antica', 304, ['mediterranean'], [], ['olive-branch']),
  s('Looking for a minimalist mailer box for my candle company Lumen & Wick', 'candle', 'Lumen & Wick', 201, ['minimalist']),
  s('Can I get a luxury perfume bottle design? The brand is Noir Élite.', 'perfume', 'Noir Élite', 403, ['luxury']),
  s('pouch for dried mango slices by Sunkissed, tropical colours', 'dried mango slices', 'Sunkissed', 501, [], ['coral', 'lime', 'turquoise', 'yellow']),
  s('kombucha cans. Brand name "Fizz Theory". Retro 70s vibe, orange and mustard.', 'kombucha', 'Fizz Theory', 701, ['retro'], ['orange', 'mustard']),
  s('Design a cereal box for kids called Crunchy Critters with cartoon animals and bright colours', 'cereal', 'Crunchy Critters', 101, ['kids'], ['red', 'yellow', 'cobalt', 'lime']),
  s('i make beeswax candles and the brand is hive and honey', 'beeswax candles', 'Hive and Honey', null),
  s('Premium whiskey, the distillery is called Copper Fox, I want it vintage with copper and navy', 'whiskey', 'Copper Fox', null, ['luxury', 'vintage'], ['copper', 'navy']),
  s('We are Nordic Skin, a skincare brand. Need a pump bottle for our body lotion. Scandi minimal, white and sage.', 'body lotion', 'Nordic Skin', 402, ['scandinavian', 'minimalist'], ['white', 'sage']),
  s('vegan protein bars, brand GreenFuel, eco friendly kraft packaging with leaves', 'vegan protein bars', 'GreenFuel', null, ['organic'], [], ['leaves']),
  s("Just need a pizza box for Tony's Pizzeria, red white and green, italian", 'pizza', "Tony's Pizzeria", 101, ['mediterranean'], ['red', 'white', 'green']),
  s("Gift set for Mother's Day for my brand Bloom Box, floral, pink and gold", 'Gift set', 'Bloom Box', null, ['botanical'], ['pink', 'gold']),
  s('Our brand is Kind Cow, we sell oat milk in cartons, playful cows and fields, sky blue and white', 'oat milk', 'Kind Cow', 101, ['playful'], ['sky', 'white'], ['cow', 'fields']),
  s("Can you make me packaging for a tea brand? It's called Steep.", 'tea', 'Steep', null),
  s('label for my craft beer, Hoppy Days brewery, illustrated hops, green and gold', 'craft beer', 'Hoppy Days', 302, ['illustrative'], ['green', 'gold'], ['hops']),
  s('I need a tube for hand cream from Petal & Co, botanical with lavender sprigs', 'hand cream', 'Petal & Co', 801, ['botanical'], [], ['lavender-sprigs']),
];
