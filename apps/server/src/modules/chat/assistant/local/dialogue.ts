/**
 * The dialogue policy shared by both assistants: given what a message says (a BriefUpdate, from the
 * rules or from a language model), update the brief and decide the replies. It asks only for what
 * is missing, in order product → brand → box → style/colours → "anything else?", and generates
 * when the user confirms. Product and brand are the minimum; everything else has a default.
 */
import {
  BOX_CATEGORIES,
  DESIGN_PROMPT_COST,
  MOCKUP_RESULT_COST,
  boxBySlug,
  normalizeTerm,
  type ChatSuggestion,
  type ChatType,
  type DesignBrief,
} from '@packsmith/contracts';
import type { AssistantInput, AssistantReply, AssistantResult, Awaiting } from '../assistant.js';
import { hasContent, type BriefUpdate, type ListChange } from './extract.js';
import { assumeMissingNames, assumptionNote } from './assumptions.js';
import { profileFor } from './profiles.js';
import { boxName, colourName, describeBrief, elementName, listOf, productLabel, styleName } from './wording.js';

/** The style every brief falls back to when the user left it open. */
export const DEFAULT_STYLE = 'modern';
const DEFAULT_COLOUR_COUNT = 3;

type BoxOption = { box_id: number; name: string; category: string; slug: string };

/** The box cards offered for a product: the packs that suit it best, most suitable first. */
export function boxOptionsFor(product: string): BoxOption[] {
  return profileFor(product).boxes.flatMap((slug) => {
    const box = boxBySlug(slug);
    const category = BOX_CATEGORIES.find((c) => c.id === box?.categoryId);
    return box && category ? [{ box_id: box.id, name: box.name, category: category.name, slug: box.slug }] : [];
  });
}

/** Styles and colours suggested for a product ("coffee → warm, earthy"). */
export function recommendationFor(product: string): { styles: string[]; colors: string[]; mood: string } {
  const p = profileFor(product);
  return { styles: [...p.styles], colors: [...p.colours], mood: p.mood };
}

function withBox(brief: DesignBrief, box: string[]): DesignBrief {
  return { ...brief, box, box_id: box[0] ? (boxBySlug(box[0])?.id ?? 0) : 0 };
}

/** The brief with a default for everything still open (box from the product, style, colours). */
export function completeBrief(brief: DesignBrief): DesignBrief {
  let out = { ...brief };
  if (out.box.length === 0) out = withBox(out, [profileFor(out.product).boxes[0] ?? 'reverse-tuck-end']);
  else if (!out.box_id) out = withBox(out, out.box);
  if (out.style.length === 0) out.style = [DEFAULT_STYLE];
  if (out.color.length === 0) out.color = recommendationFor(out.product).colors.slice(0, DEFAULT_COLOUR_COUNT);
  return out;
}

function applyList(current: readonly string[], change: ListChange): string[] {
  const base = change.replace ? [] : [...current];
  for (const a of change.add) if (!base.includes(a)) base.push(a);
  return base.filter((x) => !change.remove.includes(x));
}

/** The brief after one message (nothing is asked or decided here). */
export function applyUpdate(brief: DesignBrief, update: BriefUpdate, awaiting: Awaiting | null, referenceImg: string | null): DesignBrief {
  let out: DesignBrief = { ...brief };
  if (update.product) out.product = update.product;
  if (update.brand) out.brand = update.brand;
  if (update.boxes.length > 0) {
    out = withBox(out, [...update.boxes]);
  } else if (update.choice !== null) {
    const options = boxOptionsFor(out.product);
    const picked = update.choice < 0 ? options[options.length - 1] : options[update.choice];
    if (picked) out = withBox(out, [picked.slug]);
  }
  out.style = applyList(out.style, update.styles);
  // A mood ("earthy tones") sets the colours only when none is named in the same message.
  const moods = update.colours.add.length === 0 ? update.moodColours : [];
  out.color = applyList(out.color, { ...update.colours, add: [...update.colours.add, ...moods] });
  out.element = applyList(out.element, update.elements);
  if (update.logo === 'mentioned' && referenceImg) out.logo = referenceImg;
  if (update.logo === 'declined') out.logo = '';

  const accepts = update.intent === 'skip' || update.intent === 'confirm';
  if (awaiting === 'box' && accepts && out.box.length === 0) out = withBox(out, [profileFor(out.product).boxes[0] ?? 'reverse-tuck-end']);
  if (awaiting === 'style') {
    const answered = accepts || update.styles.add.length > 0 || update.colours.add.length > 0 || update.moodColours.length > 0;
    // The style question is asked once: whatever the answer left open takes the suggestion.
    if (answered) {
      const rec = recommendationFor(out.product);
      if (out.style.length === 0) out.style = rec.styles.slice(0, 1);
      if (out.color.length === 0) out.color = rec.colors.slice(0, DEFAULT_COLOUR_COUNT);
    }
  }
  return out;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function briefChanges(before: DesignBrief, after: DesignBrief): string[] {
  const out: string[] = [];
  if (before.product !== after.product) out.push(`product “${after.product}”`);
  if (before.brand !== after.brand) out.push(`brand “${after.brand}”`);
  if (!sameList(before.box, after.box) && after.box[0]) out.push(`packaging ${boxName(after.box[0])}`);
  if (!sameList(before.style, after.style)) out.push(after.style.length ? `style ${listOf(after.style.map(styleName))}` : 'no style');
  if (!sameList(before.color, after.color)) out.push(after.color.length ? `colours ${listOf(after.color.map(colourName))}` : 'no colours');
  if (!sameList(before.element, after.element)) out.push(after.element.length ? `elements ${listOf(after.element.map(elementName))}` : 'no elements');
  if (before.logo !== after.logo) out.push(after.logo ? 'logo added' : 'logo removed');
  return out;
}

function updateOptions(before: DesignBrief, after: DesignBrief): AssistantReply[] {
  const changes = briefChanges(before, after);
  if (changes.length === 0) return [];
  return [{ kind: 'updateOptions', message: `Updated the brief: ${listOf(changes)}.`, data: { brief: after } }];
}

// ------------------------------------------------------------------------------------------ wording

/** The next thing to ask for, or the closing question when the brief is complete. */
function nextStep(brief: DesignBrief, productIsNew = false): { awaiting: Awaiting; reply: AssistantReply } {
  if (!brief.product.trim()) {
    return {
      awaiting: 'product',
      reply: { kind: 'product', message: 'What product is the packaging for? For example “cold brew coffee” or “handmade soap”.', data: {} },
    };
  }
  if (!brief.brand.trim()) {
    const lead = productIsNew ? `Great — ${brief.product}. ` : '';
    return { awaiting: 'brand', reply: { kind: 'text', message: `${lead}What brand name should go on the pack?`, data: {} } };
  }
  if (brief.box.length === 0) {
    return {
      awaiting: 'box',
      reply: {
        kind: 'box',
        message: `Which packaging would you like for ${brief.product}? These suit it best — or name another type.`,
        data: { box_options: boxOptionsFor(brief.product) },
      },
    };
  }
  if (brief.style.length === 0 || brief.color.length === 0) {
    const rec = recommendationFor(brief.product);
    const styles = listOf(rec.styles.map(styleName), 'or');
    const colours = listOf(rec.colors.slice(0, 4).map(colourName));
    let message: string;
    if (brief.style.length === 0 && brief.color.length === 0) {
      message = `Any style or colours in mind? For ${brief.product}, ${rec.mood} looks work well — for example ${styles}, in ${colours}.`;
    } else if (brief.color.length === 0) {
      message = `Which colours should the ${listOf(brief.style.map(styleName))} look use? For ${brief.product} I'd suggest ${colours}.`;
    } else {
      message = `Which style should it have? For ${brief.product} I'd suggest ${styles}.`;
    }
    return { awaiting: 'style', reply: { kind: 'recommend', message, data: { styles: rec.styles, colors: rec.colors } } };
  }
  return {
    awaiting: 'confirm',
    reply: {
      kind: 'lastQuestion',
      message: `Here's the brief: ${describeBrief(brief)}. Anything else — a logo, an element? Say 'generate' when ready.`,
      data: {},
    },
  };
}

/** A short answer to a question that is not about the brief; null when it asks for the box or style step. */
function answerQuestion(n: string): { text: string } | { step: 'box' | 'style' } {
  if (/(?:^| )(?:cost|costs|price|prices|pricing|credit|credits|how much|pay|paid|free)(?= |$)/.test(n)) {
    return { text: `Each generation costs ${DESIGN_PROMPT_COST} credits, and they are refunded if it fails.` };
  }
  if (/(?:^| )logos?(?= |$)/.test(n)) return { text: "A logo is optional. Upload it with the image button and I'll place it on the front panel." };
  if (/(?:^| )(?:box|boxes|packaging|pack|packs|bottle|bottles|pouch|pouches|container)(?= |$)/.test(n)) return { step: 'box' };
  if (/(?:^| )(?:style|styles|colou?r|colou?rs|look|palette)(?= |$)/.test(n)) return { step: 'style' };
  if (/(?:^| )(?:how long|how fast|take long|wait)(?= |$)/.test(n))
    return { text: "Designs take a few moments once you say 'generate'; you'll see the progress here." };
  if (/(?:^| )(?:what can you do|how does (?:this|it) work|help|what do you do|who are you|what is this)(?= |$)/.test(n)) {
    return {
      text: "I put a packaging brief together with you — product, brand name, packaging type, style and colours — and then generate designs. Say 'generate' whenever you're ready.",
    };
  }
  return { text: "I'm here to help design your packaging, so I can't help with that one." };
}

function stepFor(brief: DesignBrief, which: 'box' | 'style'): { awaiting: Awaiting; reply: AssistantReply } {
  const product = brief.product || 'your product';
  if (which === 'box') {
    return {
      awaiting: 'box',
      reply: {
        kind: 'box',
        message: `Here are the packaging types that suit ${product} best — pick one or name another type.`,
        data: { box_options: boxOptionsFor(brief.product) },
      },
    };
  }
  const rec = recommendationFor(brief.product);
  return {
    awaiting: 'style',
    reply: {
      kind: 'recommend',
      message: `For ${product}, ${rec.mood} looks work well: ${listOf(rec.styles.map(styleName), 'or')} styles in ${listOf(rec.colors.slice(0, 4).map(colourName))}. Pick any, or describe your own.`,
      data: { styles: rec.styles, colors: rec.colors },
    },
  };
}

/** Puts the notes in front of the step's question: in its text when it is plain, as a separate message before cards. */
function compose(notes: readonly string[], step: AssistantReply): AssistantReply[] {
  const preface = notes.filter(Boolean).join(' ');
  if (!preface) return [step];
  if (step.kind === 'box' || step.kind === 'recommend') return [{ kind: 'text', message: preface, data: {} }, step];
  return [{ ...step, message: `${preface} ${step.message}` }];
}

// ----------------------------------------------------------------------------------------- greeting

/** SPEC §4: the greeting of an empty chat, per chat type. */
export function helloReplies(chatType: ChatType, brief: DesignBrief): AssistantReply[] {
  switch (chatType) {
    case 'design':
      if (brief.product.trim() && brief.brand.trim()) {
        return [
          {
            kind: 'hello',
            message: `Hi! Let's design packaging for ${productLabel(brief)}. Tell me what you'd like to change, or say 'generate' for new designs.`,
            data: {},
          },
        ];
      }
      return [
        {
          kind: 'hello',
          message:
            "Hi! I'm your packaging design assistant. Tell me about your product — what it is, the brand name, and any style or colours you have in mind.",
          data: {},
        },
      ];
    case 'childDesign':
      return [
        { kind: 'hello', message: "Let's refine this design. Tell me what to change — colours, style, text or elements — and I'll edit it for you.", data: {} },
      ];
    case 'photoshoot':
      return [
        { kind: 'photoshootHello', message: "Hi! Upload a photo of your product and I'll cut it out and suggest backgrounds for your photo shoot.", data: {} },
      ];
    case 'mockup':
      return [
        {
          kind: 'hello',
          message: `Hi! Pick a template, then upload your design (a JPEG or PNG, at least 1024 pixels) or choose one of your designs, and I'll put it on the pack — ${MOCKUP_RESULT_COST} credits a mockup. You can also turn a photo of your own blank pack into a template of your own, free.`,
          data: {},
        },
      ];
    case 'pricing_tool':
      return [{ kind: 'hello', message: "Hi! Tell me the packaging type, size and quantity, and I'll help you put a quotation together.", data: {} }];
  }
}

const OTHER_CHAT_HINTS: Record<'photoshoot' | 'mockup' | 'pricing_tool', string> = {
  photoshoot: 'This chat runs your photo shoot: upload a product photo and pick a background, and I will take it from there.',
  mockup: 'This chat follows your mockup: pick a template, choose one of your designs or upload one, place it and press Generate; your mockups appear here.',
  pricing_tool: 'For a quotation, choose the packaging type, size, material and quantity in the pricing tool and I will estimate the price.',
};

// ----------------------------------------------------------------------------------------- one turn

/** Decides one turn from what the message says. Pure: the same input gives the same result. */
export function decideTurn(input: AssistantInput, update: BriefUpdate): AssistantResult {
  const { brief: before, state, chatType, referenceImg } = input;
  const n = normalizeTerm(input.text);

  if (chatType === 'photoshoot' || chatType === 'mockup' || chatType === 'pricing_tool') {
    return { brief: before, state, replies: [{ kind: 'text', message: OTHER_CHAT_HINTS[chatType], data: {} }], action: 'none' };
  }

  // An attached image without words about a logo is the design to edit; a child design edits its parent.
  const editing = chatType === 'childDesign' || (referenceImg !== null && update.logo !== 'mentioned');
  if (editing) {
    const chatter = !hasContent(update) && (update.intent === 'greeting' || update.intent === 'thanks' || update.intent === 'question' || n === '');
    if (chatter) {
      const message =
        update.intent === 'question'
          ? answerOf(answerQuestion(n))
          : "Tell me what to change on the design — colours, style, text or elements — and I'll edit it.";
      return { brief: before, state: { awaiting: null }, replies: [{ kind: 'text', message, data: {} }], action: 'none' };
    }
    const after = applyUpdate(before, update, null, null);
    const words = input.text.trim().replace(/\s+/g, ' ');
    const quoted = words.length > 120 ? `${words.slice(0, 117)}…` : words;
    return {
      brief: after,
      state: { awaiting: null },
      replies: [...updateOptions(before, after), { kind: 'text', message: `On it — I'll edit the design: “${quoted}”.`, data: {} }],
      action: 'edit',
    };
  }

  let brief = applyUpdate(before, update, state.awaiting, referenceImg);
  const changed = briefChanges(before, brief).length > 0;
  const notes: string[] = [];
  if (update.logo === 'mentioned') {
    notes.push(
      referenceImg
        ? 'Got your logo — it will go on the front panel.'
        : "To add your logo, upload it with the image button and I'll place it on the front panel.",
    );
  } else if (update.logo === 'declined') {
    notes.push('No problem — no logo, the brand name will lead.');
  }

  const wantsGenerate = input.isGenerate || update.intent === 'generate' || (update.intent === 'confirm' && state.awaiting === 'confirm' && !changed);
  if (wantsGenerate) {
    // A Generate is never answered with only a question: what is missing is assumed and said so.
    brief = completeBrief(brief);
    const assumed = assumeMissingNames(brief);
    const note = assumptionNote(assumed);
    if (note) notes.push(note);
    const summary = `Generating designs for ${describeBrief(assumed.brief)}.`;
    const result: AssistantResult = {
      brief,
      // Still missing, so a bare answer next ("Ember") lands in the right field.
      state: { awaiting: assumed.product ? 'product' : assumed.brand ? 'brand' : null },
      replies: [
        ...updateOptions(before, brief),
        ...readingCheck(update, brief),
        ...(notes.length ? [{ kind: 'text' as const, message: notes.join(' '), data: {} }] : []),
        { kind: 'chat_summary', message: summary, data: { brief: assumed.brief } },
      ],
      action: 'generate',
    };
    return assumed.brand || assumed.product ? { ...result, designBrief: assumed.brief } : result;
  }

  let step = nextStep(brief, before.product !== brief.product);
  if (!changed && !hasContent(update)) {
    switch (update.intent) {
      case 'greeting':
        notes.push('Hi!');
        break;
      case 'thanks':
        notes.push("You're welcome!");
        break;
      case 'question': {
        const answer = answerQuestion(n);
        if ('step' in answer) step = stepFor(brief, answer.step);
        else notes.push(answer.text);
        break;
      }
      case 'skip':
      case 'confirm':
        if (state.awaiting === 'product' || state.awaiting === 'brand' || !brief.product || !brief.brand) {
          notes.push(
            update.noBrand
              ? 'No problem — a working name is fine, you can change it later.'
              : 'I need at least the product and a brand name to design the pack.',
          );
        }
        break;
      default:
        if (update.noBrand) notes.push('No problem — a working name is fine, you can change it later.');
        else if (n !== '') notes.push(state.awaiting === 'box' ? "I didn't catch a packaging type." : "Sorry, I didn't catch that.");
    }
  }
  const check = readingCheck(update, brief);
  return { brief, state: { awaiting: step.awaiting }, replies: [...updateOptions(before, brief), ...check, ...compose(notes, step.reply)], action: 'none' };
}

/**
 * When a name was read from its position alone ("Sunday makes granola"), say what was understood
 * and offer the correction as one tap, never a dead end.
 */
function readingCheck(update: BriefUpdate, brief: DesignBrief): AssistantReply[] {
  if (!update.guess.brand && !update.guess.product) return [];
  const brand = update.brand ?? brief.brand;
  const product = update.product ?? brief.product;
  if (!brand) return [];
  const understood = product ? `Brand “${brand}”, product “${product}”` : `Brand “${brand}”`;
  const suggestions: ChatSuggestion[] = [
    { label: 'Yes, that’s right', content: `Yes, the brand is ${brand}${product ? ` and the product is ${product}` : ''}.` },
  ];
  if (product) suggestions.push({ label: `No — the brand is ${product}`, content: `The brand is ${product} and the product is ${brand}.` });
  suggestions.push({ label: 'No brand name yet', content: "We don't have a brand name yet." });
  return [{ kind: 'text', message: `${understood} — right? If not, tap a fix below or just tell me.`, data: { suggestions } }];
}

function answerOf(answer: { text: string } | { step: 'box' | 'style' }): string {
  return 'text' in answer ? answer.text : "Tell me what to change on the design — colours, style, text or elements — and I'll edit it.";
}
