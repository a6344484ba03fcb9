import { PhotoshootChatData, type ChatMessage, type ExtractedCoordinates, type SceneTemplate } from '@packsmith/contracts';
import { endsRecord, recordIdOf } from '../chat/chat-data';

/*
 * What a photo shoot chat message means for the screen (SPEC §4 Photo shoot messages). Each kind is
 * read through its contract schema; a message whose data does not fit means nothing here (the chat
 * still shows its text).
 */

export type CutoutFailure = 'no_product' | 'unreadable' | 'failed';

export type PhotoshootEffect =
  | { kind: 'taskStart'; recordId: string; task: 'cutout' | 'composite' }
  | { kind: 'cutout'; recordId: string; transparentUrl: string; originImage: string; coordinates: ExtractedCoordinates }
  | { kind: 'cutError'; recordId: string; reason: CutoutFailure; message: string }
  | { kind: 'recommend'; urls: string[]; templates: SceneTemplate[] }
  | { kind: 'results'; recordId: string; urls: string[]; backgroundUrl: string }
  | { kind: 'error'; recordId: string | null; message: string };

/** What a person reads when a cut-out fails and the server said nothing more precise. */
export const CUTOUT_FAILURE_TEXT: Record<CutoutFailure, string> = {
  no_product: "We couldn't find a product in this photo. Try one where the product stands clear of its background.",
  unreadable: "We couldn't read this image. Please upload a JPG or PNG photo.",
  failed: "The cut-out didn't work this time. Please try again.",
};

export const SHOOT_FAILED_TEXT = 'Something went wrong while making your photos. Please try again.';
export const START_FAILED_TEXT = 'We could not start a photo shoot. Please try again.';
export const OPEN_FAILED_TEXT = 'We could not open this photo shoot.';
export const NOT_A_SHOOT_TEXT = 'This project is not a photo shoot.';
export const BUSY_TEXT = 'Please wait for the current step to finish.';

const kinds = PhotoshootChatData;

/** A message says how the record ended (its result or its failure, the chat's own timeout included). */
export function recordEnded(recordId: string, messages: readonly ChatMessage[]): boolean {
  return messages.some((m) => !m.isloading && m.role === 'assistant' && endsRecord(m) && recordIdOf(m) === recordId);
}

export function photoshootEffectOf(m: ChatMessage): PhotoshootEffect | null {
  if (m.role !== 'assistant' || m.isloading) return null;
  const text = m.content.message.trim();
  switch (m.content.type) {
    case 'photoshootTaskStart': {
      const p = kinds.photoshootTaskStart.safeParse(m.data);
      return p.success ? { kind: 'taskStart', recordId: p.data.record_id, task: p.data.task } : null;
    }
    case 'photoshootCutImage': {
      const p = kinds.photoshootCutImage.safeParse(m.data);
      if (!p.success) return null;
      return {
        kind: 'cutout',
        recordId: p.data.record_id,
        transparentUrl: p.data.transparentUrl,
        originImage: p.data.origin_image,
        coordinates: p.data.extracted_coordinates,
      };
    }
    case 'photoshootCutImageError': {
      const p = kinds.photoshootCutImageError.safeParse(m.data);
      const reason: CutoutFailure = p.success ? p.data.reason : 'failed';
      const recordId = p.success ? p.data.record_id : typeof m.data.record_id === 'string' ? m.data.record_id : '';
      return { kind: 'cutError', recordId, reason, message: text || CUTOUT_FAILURE_TEXT[reason] };
    }
    case 'photoshootRecommend': {
      const p = kinds.photoshootRecommend.safeParse(m.data);
      return p.success ? { kind: 'recommend', urls: p.data.recommend_background, templates: p.data.templates } : null;
    }
    case 'answer': {
      const p = kinds.answer.safeParse(m.data);
      if (!p.success) return null;
      const urls = [...new Set(p.data.imageUrls.filter((u) => u.trim() !== ''))];
      return { kind: 'results', recordId: p.data.record_id, urls, backgroundUrl: p.data.background_url };
    }
    case 'error': {
      const id = m.data.record_id;
      return { kind: 'error', recordId: typeof id === 'string' && id !== '' ? id : null, message: text || SHOOT_FAILED_TEXT };
    }
    default:
      return null;
  }
}

/** Scene family slugs as people say them ("botanical_shadow" → "Botanical shadow"). */
export function familyLabel(slug: string): string {
  const words = slug.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A colour name from the scene tags as a swatch colour; unknown names fall back to a neutral grey. */
const SWATCHES: Record<string, string> = {
  white: '#ffffff',
  black: '#111827',
  grey: '#9ca3af',
  gray: '#9ca3af',
  beige: '#e8dcc4',
  cream: '#f5efe0',
  brown: '#8b5e3c',
  tan: '#d2b48c',
  red: '#dc2626',
  pink: '#f9a8d4',
  orange: '#f97316',
  yellow: '#facc15',
  gold: '#d4a017',
  green: '#16a34a',
  sage: '#9caf88',
  teal: '#0d9488',
  blue: '#2563eb',
  navy: '#1e3a8a',
  purple: '#7c3aed',
  lavender: '#c4b5fd',
};

export function swatchColour(name: string): string {
  return SWATCHES[name.toLowerCase()] ?? '#cbd5e1';
}
