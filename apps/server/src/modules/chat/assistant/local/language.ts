/**
 * Parts of speech for the extractor, from compromise (an English tagger that runs offline). The
 * extractor's frames work on the raw text by character offsets, so this keeps compromise's tags per
 * word with the word's position; one parse per message (about 1–4 ms).
 */
import nlp from 'compromise';

export interface TaggedWord {
  text: string;
  start: number;
  end: number;
  tags: ReadonlySet<string>;
}

interface CompromiseTerm {
  text: string;
  tags: string[];
  offset: { start: number; length: number };
}
interface CompromiseSentence {
  terms: CompromiseTerm[];
}

/** The words of `text` with their tags (Noun, ProperNoun, Verb, PresentTense, Adjective, Determiner…). */
export function tagWords(text: string): TaggedWord[] {
  const sentences = nlp(text).json({ offset: true, terms: { offset: true } }) as CompromiseSentence[];
  const out: TaggedWord[] = [];
  for (const sentence of sentences) {
    for (const term of sentence.terms) {
      // Contractions come out as an empty term ("we're" → "we're" + ""); they carry no word.
      if (!term.text) continue;
      out.push({ text: term.text, start: term.offset.start, end: term.offset.start + term.offset.length, tags: new Set(term.tags) });
    }
  }
  return out;
}

/** A finite verb that can end a noun phrase ("our lamps *come* in a box", "it *ships* flat"). */
export function isFiniteVerb(word: TaggedWord): boolean {
  const t = word.tags;
  if (!t.has('Verb') || t.has('PastTense') || t.has('Gerund') || t.has('Participle')) return false;
  return t.has('PresentTense') || t.has('Infinitive') || t.has('Copula') || t.has('Modal');
}

/** The tagged words by start offset, to look up the word a frame stopped at. */
export class WordIndex {
  private readonly byStart = new Map<number, TaggedWord>();
  constructor(readonly words: readonly TaggedWord[]) {
    for (const w of words) this.byStart.set(w.start, w);
  }
  static of(text: string): WordIndex {
    return new WordIndex(tagWords(text));
  }
  at(start: number): TaggedWord | undefined {
    return this.byStart.get(start);
  }
}

type Lexicon = Readonly<Record<string, string | undefined>>;
let lexicon: Lexicon | null = null;

/** Whether compromise's English lexicon knows the word ("harvest", "sunday" yes; "leafy", "pounce" no). */
export function isDictionaryWord(word: string): boolean {
  lexicon ??= (nlp.world() as { model: { one: { lexicon: Lexicon } } }).model.one.lexicon;
  return lexicon[word.toLowerCase()] !== undefined;
}
