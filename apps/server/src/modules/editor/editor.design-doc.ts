/**
 * A design's editor document as the design engine makes it (documentFromDesign with the brief's
 * logo): shared by opening a design in the editor, the panel redesign and the print order's file.
 */
import { DocumentError } from '@packsmith/editor';
import { documentFromDesign, type DesignSource } from '@packsmith/editor/from-design';
import { badRequest } from '../../http/errors.js';
import { logoDataUrl } from './editor.rules.js';

/** A logo as documentFromDesign takes it. */
export type LogoSource = NonNullable<DesignSource['brief']['logo']>;
/** The brief's logo file (project.logo) as the design engine takes it; undefined when it cannot be read. */
export type LogoLoader = (userId: string, url: string) => Promise<LogoSource | undefined>;

/** The engine's refusal of a box or its dimensions as the envelope's 400. */
export function built<T>(make: () => T): T {
  try {
    return make();
  } catch (err) {
    if (err instanceof DocumentError) throw badRequest(err.message);
    throw err;
  }
}

/**
 * The design engine's document of a brief (with the project's logo, as the design job drew it).
 * The logo layer then names the logo's own file instead of carrying its bytes: the export inlines
 * files of the owner's, and a document stays small enough for the autosave's body limit.
 */
export async function designDocument(logoLoader: LogoLoader | undefined, userId: string, logoUrl: string, brief: DesignSource['brief'], designSeed: number) {
  const logo = logoUrl && logoLoader ? await logoLoader(userId, logoUrl) : undefined;
  const made = built(() => documentFromDesign({ brief: logo ? { ...brief, logo } : brief, seed: designSeed }));
  if (!logo) return made;
  const href = logoDataUrl(logo);
  const panels = made.document.panels.map((p) => ({
    ...p,
    layers: p.layers.map((l) =>
      l.kind === 'logo' && l.source.type === 'image' && l.source.url === href ? { ...l, source: { ...l.source, url: logoUrl } } : l,
    ),
  }));
  return { ...made, document: { ...made.document, panels } };
}
