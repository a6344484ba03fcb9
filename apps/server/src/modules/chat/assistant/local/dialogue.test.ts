import { CHAT_KINDS, ChatTypeSchema, DesignBriefSchema, chatCalls, type ChatType, type DesignBrief } from '@packsmith/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BRAND_PLACEHOLDER } from './assumptions.js';
import { EMPTY_BRIEF, INITIAL_STATE, type AssistantReply, type AssistantResult, type AssistantState } from '../assistant.js';
import { boxOptionsFor, completeBrief, recommendationFor } from './dialogue.js';
import { createLocalAssistant, respondLocally } from './local-assistant.js';
import { BRIEF_SAMPLES } from './samples.js';

const dataSchemas: Readonly<Record<string, z.ZodType>> = chatCalls.DesignChatData;

/** Every reply is a known kind, and its data fits the contract's shape for that kind. */
function expectValidReplies(replies: readonly AssistantReply[]): void {
  for (const r of replies) {
    expect(CHAT_KINDS).toContain(r.kind);
    expect(r.message.trim()).not.toBe('');
    const schema = dataSchemas[r.kind];
    if (schema) expect(schema.safeParse(r.data).success).toBe(true);
    else expect(r.data).toEqual({});
  }
}

/** A conversation: each turn gets the brief and state the previous one returned. */
function chat(chatType: ChatType = 'design', start: Partial<DesignBrief> = {}) {
  let brief: DesignBrief = { ...EMPTY_BRIEF, ...start };
  let state: AssistantState = INITIAL_STATE;
  return {
    say(text: string, opts: { isGenerate?: boolean; referenceImg?: string } = {}): AssistantResult {
      const result = respondLocally({ brief, state, text, isGenerate: opts.isGenerate ?? false, referenceImg: opts.referenceImg ?? null, chatType });
      expectValidReplies(result.replies);
      expect(DesignBriefSchema.safeParse(result.brief).success).toBe(true);
      brief = result.brief;
      state = result.state;
      return result;
    },
    get brief() {
      return brief;
    },
  };
}

const kinds = (r: AssistantResult) => r.replies.map((x) => x.kind);
const last = (r: AssistantResult) => r.replies[r.replies.length - 1];

describe('design chat, step by step', () => {
  it('asks only for what is missing, in order, then generates on confirmation', () => {
    const c = chat();
    let r = c.say('hi');
    expect(kinds(r)).toEqual(['product']);

    r = c.say('cold brew coffee');
    expect(kinds(r)).toEqual(['updateOptions', 'text']);
    expect(last(r)?.message).toMatch(/brand/i);
    expect(r.state.awaiting).toBe('brand');

    r = c.say('Nova');
    expect(kinds(r)).toEqual(['updateOptions', 'box']);
    const box = last(r);
    expect(box?.kind === 'box' && box.data.box_options.map((o) => o.slug)).toEqual(['beverage-can', 'slim-can', 'juice-bottle']);

    r = c.say('the first one');
    expect(kinds(r)).toEqual(['updateOptions', 'recommend']);
    expect(c.brief).toMatchObject({ box: ['beverage-can'], box_id: 701 });

    r = c.say('minimalist, navy and cream');
    expect(kinds(r)).toEqual(['updateOptions', 'lastQuestion']);
    expect(last(r)?.message).toContain("Say 'generate' when ready");

    r = c.say('looks good');
    expect(kinds(r)).toEqual(['chat_summary']);
    expect(r.action).toBe('generate');
    expect(r.brief).toMatchObject({ product: 'cold brew coffee', brand: 'Nova', box: ['beverage-can'], style: ['minimalist'], color: ['navy', 'cream'] });
    const summary = last(r);
    expect(summary?.kind === 'chat_summary' && summary.data.brief).toEqual(r.brief);
  });

  it('sends updateOptions only when the brief changed', () => {
    const c = chat();
    c.say('I sell tea, the brand is Steep');
    expect(kinds(c.say('thanks'))).not.toContain('updateOptions');
    expect(kinds(c.say('hmm'))).not.toContain('updateOptions');
  });

  it('skips straight to the last question when everything comes in one message', () => {
    const r = chat().say('I sell cold brew coffee under the brand Nova. A can, minimalist, navy and cream.');
    expect(kinds(r)).toEqual(['updateOptions', 'lastQuestion']);
    expect(r.action).toBe('none');
  });

  it('generates at once when the one message also says generate', () => {
    const r = chat().say('Handmade soap for Willow & Thyme, a sleeve, botanical, sage and cream — generate please');
    expect(kinds(r)).toEqual(['updateOptions', 'chat_summary']);
    expect(r.action).toBe('generate');
    expect(r.brief).toMatchObject({ product: 'Handmade soap', brand: 'Willow & Thyme', box: ['sleeve'], box_id: 105 });
  });

  it('updates the brief on corrections instead of appending', () => {
    const c = chat();
    c.say('I sell cold brew coffee under the brand Nova. A can, minimalist, navy and cream.');
    c.say('actually make it blue');
    expect(c.brief.color).toEqual(['blue']);
    c.say('change the brand to Orbit');
    expect(c.brief.brand).toBe('Orbit');
    c.say('no, a pouch instead');
    expect(c.brief).toMatchObject({ box: ['stand-up-pouch'], box_id: 501 });
    c.say('add gold and some coffee beans');
    expect(c.brief).toMatchObject({ color: ['blue', 'gold'], element: ['coffee-beans'] });
    c.say('drop the coffee beans');
    expect(c.brief.element).toEqual([]);
  });

  it('leaves the box and the style to us when the user says so', () => {
    const c = chat();
    c.say('We make soap');
    c.say('Willow');
    c.say('you choose');
    expect(c.brief.box).toEqual(['sleeve']);
    const r = c.say('surprise me');
    expect(kinds(r)).toEqual(['updateOptions', 'lastQuestion']);
    expect(c.brief.style).toEqual(['botanical']);
    expect(c.brief.color.length).toBeGreaterThan(0);
  });
});

describe('generating with the minimum', () => {
  it('generates with placeholders when Generate is pressed with nothing, and says what it assumed', () => {
    const r = chat().say('generate', { isGenerate: true });
    expect(r.action).toBe('generate');
    expect(r.designBrief).toMatchObject({ brand: BRAND_PLACEHOLDER, box: ['reverse-tuck-end'] });
    expect(r.designBrief?.product).not.toBe('');
    // The stored brief keeps its gaps, so the next answer still fills them.
    expect(r.brief.brand).toBe('');
    expect(r.brief.product).toBe('');
    expect(r.replies.map((x) => x.message).join(' ')).toMatch(/wasn't named.*stands where your brand name goes/);
    expect(kinds(r).at(-1)).toBe('chat_summary');
    expect(r.state.awaiting).toBe('product');
  });

  it('uses the brand placeholder when only the product is known, then takes the brand from the next answer', () => {
    const c = chat();
    c.say('handmade soap');
    const r = c.say('go', { isGenerate: true });
    expect(r.action).toBe('generate');
    expect(r.designBrief).toMatchObject({ product: 'handmade soap', brand: BRAND_PLACEHOLDER });
    expect(last(r)?.kind).toBe('chat_summary');
    expect(r.replies.some((x) => /Tell me your brand name/.test(x.message))).toBe(true);
    expect(r.state.awaiting).toBe('brand');
    expect(c.say('Willow & Thyme').brief.brand).toBe('Willow & Thyme');
  });

  it('takes the product from the pack when only the pack and the brand are known', () => {
    const c = chat();
    c.say('a dropper bottle for Aura');
    const r = c.say('generate', { isGenerate: true });
    expect(r.action).toBe('generate');
    expect(r.designBrief).toMatchObject({ product: 'serum', brand: 'Aura', box: ['dropper-bottle'] });
    expect(r.replies.map((x) => x.message).join(' ')).toContain('I designed for “serum”');
  });

  it('fills sensible defaults and generates with product and brand only', () => {
    const c = chat();
    c.say('I sell coffee beans, the brand is Ember');
    const r = c.say('generate', { isGenerate: true });
    expect(r.action).toBe('generate');
    expect(kinds(r)).toEqual(['updateOptions', 'chat_summary']);
    expect(r.brief).toMatchObject({ box: ['side-gusset-bag'], box_id: 604, style: ['modern'] });
    expect(r.brief.color).toEqual(recommendationFor('coffee beans').colors.slice(0, 3));
  });

  it('generates from the Generate button with an empty text (POST /api/paint/imagine)', () => {
    const r = respondLocally({
      brief: { ...EMPTY_BRIEF, product: 'tea', brand: 'Steep' },
      state: INITIAL_STATE,
      text: '',
      isGenerate: true,
      referenceImg: null,
      chatType: 'design',
    });
    expect(r.action).toBe('generate');
    expect(r.brief.box).toEqual(['straight-tuck-end']);
  });

  it('completes a brief without touching what the user chose', () => {
    const chosen = { ...EMPTY_BRIEF, product: 'wine', brand: 'Casa', style: ['rustic'], color: ['burgundy'] };
    expect(completeBrief(chosen)).toEqual({ ...chosen, box: ['wine-bottle'], box_id: 301 });
  });
});

describe('recommendations by product', () => {
  const boxCategories = (product: string) => boxOptionsFor(product).map((o) => o.category);

  it('offers the packs that suit the product', () => {
    expect(boxOptionsFor('coffee beans').map((o) => o.slug)).toEqual(expect.arrayContaining(['side-gusset-bag', 'stand-up-pouch', 'tin-can']));
    expect(new Set(boxCategories('face serum'))).toEqual(new Set(['Cosmetic Bottles', 'Product Boxes']));
    expect(boxCategories('night cream')).toEqual(expect.arrayContaining(['Cans & Jars', 'Tubes']));
    expect(boxCategories('red wine')[0]).toBe('Beverage Bottles');
    expect(new Set(boxCategories('handmade leather wallets'))).toEqual(new Set(['Product Boxes', 'Shipping Boxes']));
  });

  it('suggests styles and colours by product', () => {
    expect(recommendationFor('coffee')).toMatchObject({ mood: 'warm, earthy', styles: expect.arrayContaining(['organic']) });
    expect(recommendationFor('skincare')).toMatchObject({
      mood: 'clean, pastel',
      styles: expect.arrayContaining(['minimalist']),
      colors: expect.arrayContaining(['blush', 'lavender']),
    });
  });
});

describe('off-topic, logo and edits', () => {
  it('answers a question and asks again for what is missing', () => {
    const c = chat();
    c.say('candles');
    const r = c.say('how much does it cost?');
    expect(kinds(r)).toEqual(['text']);
    expect(last(r)?.message).toMatch(/10 credits/);
    expect(last(r)?.message).toMatch(/brand name/);
    const other = c.say('what is the weather like?');
    expect(last(other)?.message).toMatch(/packaging/);
  });

  it('shows the box options when the user asks about packaging types', () => {
    const c = chat();
    c.say('I sell honey, brand Golden Hive');
    const r = c.say('which packaging options do you have?');
    expect(kinds(r)).toEqual(['box']);
  });

  it('takes an attached image as the logo when the message says so', () => {
    const c = chat('design', { product: 'soap', brand: 'Willow' });
    const r = c.say("here's our logo", { referenceImg: '/files/u/logo.png' });
    expect(r.brief.logo).toBe('/files/u/logo.png');
    expect(r.action).toBe('none');
    expect(r.replies.some((x) => /logo/i.test(x.message))).toBe(true);
  });

  it('asks for an upload when a logo is mentioned without one', () => {
    const r = chat('design', { product: 'soap', brand: 'Willow' }).say('I have a logo');
    expect(r.brief.logo).toBe('');
    expect(r.replies.map((x) => x.message).join(' ')).toMatch(/upload it/i);
  });

  it('edits the attached design by the words, with the brief changes', () => {
    const c = chat('design', { product: 'soap', brand: 'Willow', style: ['botanical'], color: ['sage'] });
    const r = c.say('make the background navy', { referenceImg: '/files/u/design.png' });
    expect(r.action).toBe('edit');
    expect(r.brief.color).toEqual(['navy']);
    expect(last(r)?.message).toContain('make the background navy');
  });

  it('edits the parent design in a child design chat', () => {
    const r = chat('childDesign', { product: 'soap', brand: 'Willow' }).say('add some leaves');
    expect(r.action).toBe('edit');
    expect(r.brief.element).toEqual(['leaves']);
    const hi = chat('childDesign', { product: 'soap', brand: 'Willow' }).say('hello');
    expect(hi.action).toBe('none');
  });
});

describe('hello per chat type', () => {
  const assistant = createLocalAssistant();

  it.each(ChatTypeSchema.options)('greets a new %s chat', async (type) => {
    const replies = await assistant.hello(type, EMPTY_BRIEF);
    expectValidReplies(replies);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.kind).toBe(type === 'photoshoot' ? 'photoshootHello' : 'hello');
  });

  it('mentions editing the parent design in a child design', async () => {
    const [reply] = await assistant.hello('childDesign', { ...EMPTY_BRIEF, product: 'soap', brand: 'Willow' });
    expect(reply?.message).toMatch(/edit/i);
  });

  it('greets a redesign with its brief', async () => {
    const [reply] = await assistant.hello('design', { ...EMPTY_BRIEF, product: 'cold brew', brand: 'Nova' });
    expect(reply?.message).toContain('Nova cold brew');
  });

  it('points other chat types to their tools', async () => {
    const r = await assistant.respond({
      brief: EMPTY_BRIEF,
      state: INITIAL_STATE,
      text: 'hi',
      isGenerate: false,
      referenceImg: null,
      chatType: 'pricing_tool',
    });
    expect(kinds(r)).toEqual(['text']);
    expect(r.action).toBe('none');
  });
});

describe('reply latency of the local assistant', () => {
  it('answers each of the sample briefs with p95 under 100 ms', () => {
    const times: number[] = [];
    for (const sample of BRIEF_SAMPLES) {
      const start = performance.now();
      respondLocally({ brief: EMPTY_BRIEF, state: INITIAL_STATE, text: sample.text, isGenerate: false, referenceImg: null, chatType: 'design' });
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)] ?? Infinity;
    expect(p95).toBeLessThan(100);
  });
});
