import { describe, expect, it } from 'vitest';
import { EDITOR_DOCUMENT_VERSION, GATE_MESSAGES, type MembershipSubject } from '@packsmith/contracts';
import { newDocument } from '@packsmith/editor';
import type { DesignMeta } from '../chat/index.js';
import {
  designBrief,
  editorDocumentGate,
  foldPrompt,
  insideOf,
  logoDataUrl,
  materialWords,
  notesOf,
  pickDesign,
  storedDocument,
  toRecord,
} from './editor.rules.js';

const NOW = Date.UTC(2026, 11, 2);
const subject = (over: Partial<MembershipSubject> = {}): MembershipSubject => ({
  type: 'user',
  vip_type: 'normal',
  vip_expire_time: null,
  credit: 0,
  editor_used: true,
  ...over,
});

const meta = (over: Partial<DesignMeta> = {}): DesignMeta => ({
  layout_id: 'classic',
  palette: ['#112233'],
  product: 'tea',
  brand: 'Aura',
  style: ['minimalist'],
  color: ['green'],
  element: ['leaf'],
  box_id: 102,
  seed: 5,
  record_id: 'r',
  prompt_index: 0,
  front_url: '/files/front.png',
  dieline_url: '/files/d.svg',
  ...over,
});

describe('editorDocumentGate (SPEC §6: free once — one document — then paid)', () => {
  it('lets a paid member work on any of their documents', () => {
    expect(editorDocumentGate(subject({ vip_type: 'pro_month', vip_expire_time: NOW + 1 }), false, NOW)).toEqual({ ok: true });
  });
  it('lets an unpaid account work only on the document its free opening made', () => {
    expect(editorDocumentGate(subject(), true, NOW)).toEqual({ ok: true });
    expect(editorDocumentGate(subject(), false, NOW)).toEqual({ ok: false, code: 403, msg: GATE_MESSAGES.activate });
  });
  it('counts a membership that ran out as unpaid, and refuses guests first', () => {
    expect(editorDocumentGate(subject({ vip_type: 'pro_month', vip_expire_time: NOW }), false, NOW)).toMatchObject({ ok: false, code: 403 });
    expect(editorDocumentGate(subject({ type: 'guest' }), true, NOW)).toEqual({ ok: false, code: 401, msg: GATE_MESSAGES.signIn });
  });
});

describe('pickDesign', () => {
  const metas = { '/files/a.png': meta({ prompt_index: 0 }), '/files/b.png': meta({ prompt_index: 2, front_url: '/files/b-front.png' }) };
  it('names a design by its packshot or its flat front; the newest without a URL', () => {
    expect(pickDesign(metas, '/files/a.png')?.url).toBe('/files/a.png');
    expect(pickDesign(metas, '/files/b-front.png')?.url).toBe('/files/b.png');
    expect(pickDesign(metas, undefined)?.url).toBe('/files/b.png');
  });
  it('tells "no such design" (undefined) from "no design yet" (null)', () => {
    expect(pickDesign(metas, '/files/zzz.png')).toBeUndefined();
    expect(pickDesign({}, undefined)).toBeNull();
  });
});

describe('designBrief and foldPrompt', () => {
  it("takes the design's box, else the project's", () => {
    expect(designBrief(meta(), 105).boxId).toBe(102);
    expect(designBrief(meta({ box_id: 0 }), 105).boxId).toBe(105);
    expect(designBrief(meta({ box_id: 0 }), 'x').boxId).toBe(0);
  });
  it('folds a prompt into the style words, ignoring a blank one', () => {
    expect(designBrief(meta(), null, ' more gold ').style).toEqual(['minimalist', 'more gold']);
    expect(foldPrompt(['a'], '   ')).toEqual(['a']);
    expect(foldPrompt([], undefined)).toEqual([]);
  });
});

describe('stored documents', () => {
  it('are migrated and checked on read', () => {
    const doc = newDocument(102);
    expect(storedDocument(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
    // A version 1 document (no guides yet) reads as the current version.
    const { guides: _g, ...v1 } = doc;
    expect(storedDocument({ ...v1, version: 1 }).version).toBe(EDITOR_DOCUMENT_VERSION);
    expect(() => storedDocument({ version: 1 })).toThrow();
  });
  it('become the contract record with the project around them', () => {
    const doc = newDocument(102);
    const at = new Date(NOW);
    expect(toRecord({ id: 'p', type: 'ai_editor', name: 'Tea', parentId: 'd', data: {} }, { document: doc, version: 3, updatedAt: at, notes: ['n'] })).toEqual({
      project_id: 'p',
      parent_project_id: 'd',
      name: 'Tea',
      document: doc,
      version: 3,
      updated_at: NOW,
      notes: ['n'],
    });
  });
});

describe('the info block and notes', () => {
  it('reads inside dimensions by their dieline names', () => {
    expect(insideOf({ length: 70, width: 30, height: 120 })).toEqual({ length: 70, width: 30, height: 120 });
    expect(insideOf({ diameter: 80, height: 90 })).toEqual({ length: 80, width: 0, height: 90 });
  });
  it('words a material and the parts not laid out', () => {
    expect(materialWords('WHITE_BOARD')).toBe('white board');
    expect(notesOf(['cup_wall'])).toEqual(['The cup wall artwork is drawn on a curved surface and is not editable here yet.']);
  });
});

describe('logoDataUrl', () => {
  it("is the design engine's href of a logo, whatever form its data has", () => {
    expect(logoDataUrl({ data: new Uint8Array([1, 2, 3]), mime: 'image/png' })).toBe('data:image/png;base64,AQID');
    expect(logoDataUrl({ data: 'AQID', mime: 'image/jpeg' })).toBe('data:image/jpeg;base64,AQID');
    expect(logoDataUrl({ data: 'data:image/png;base64,AQID', mime: 'image/jpeg' })).toBe('data:image/png;base64,AQID');
  });
});
