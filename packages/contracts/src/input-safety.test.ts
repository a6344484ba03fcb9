import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from './call.js';
import { projectCalls, userCalls } from './index.js';
import { JSON_LIMITS, TextMsg, jsonBoundsIssue, unsafeTextIssue } from './input-safety.js';
import { RoomPayloadSchema } from './socket.js';

const firstIssue = (r: { success: boolean; error?: z.ZodError }) => {
  const issue = r.error?.issues[0];
  return issue ? { path: issue.path.join('.'), message: issue.message } : null;
};

describe('unsafeTextIssue', () => {
  it('finds NUL and unpaired surrogates with their path, in strings and keys', () => {
    expect(unsafeTextIssue({ a: 'a\u0000b' })).toEqual({ path: ['a'], message: TextMsg.nul });
    expect(unsafeTextIssue({ data: { style: ['ok', 'a\ud800b'] } })).toEqual({ path: ['data', 'style', 1], message: TextMsg.surrogate });
    expect(unsafeTextIssue(['\udc00'])).toEqual({ path: [0], message: TextMsg.surrogate });
    expect(unsafeTextIssue({ x: { 'k\u0000': 1 } })).toEqual({ path: ['x'], message: TextMsg.nulKey });
  });

  it('accepts ordinary text, emoji (paired surrogates) and non-strings', () => {
    expect(unsafeTextIssue({ a: 'Café 🍵 — 日本', n: 1, b: null, l: [true, { e: '😀' }] })).toBeNull();
  });

  it('walks a very deep value without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(unsafeTextIssue(deep)?.message).toBe(TextMsg.nul);
  });
});

describe('jsonBoundsIssue', () => {
  it('bounds depth, keys, key length and size', () => {
    let deep: unknown = 1;
    for (let i = 0; i < JSON_LIMITS.depth + 1; i++) deep = { d: deep };
    expect(jsonBoundsIssue(deep)?.message).toMatch(/levels of nesting/);
    const many = Object.fromEntries(Array.from({ length: JSON_LIMITS.keys + 1 }, (_, i) => [`k${i}`, i]));
    expect(jsonBoundsIssue(many)?.message).toMatch(/keys in all/);
    expect(jsonBoundsIssue({ ['k'.repeat(JSON_LIMITS.keyLength + 1)]: 1 })?.message).toMatch(/keys of at most/);
    expect(jsonBoundsIssue({ big: 'x'.repeat(JSON_LIMITS.bytes) })?.message).toMatch(/at most 256 KB/);
  });

  it('accepts what fits, including a depth of exactly the limit', () => {
    let deep: unknown = 1;
    for (let i = 0; i < JSON_LIMITS.depth; i++) deep = [deep];
    expect(jsonBoundsIssue(deep)).toBeNull();
    expect(jsonBoundsIssue({ box_id: 3, item_list: [{ x: 1 }] })).toBeNull();
  });
});

describe('every call input refuses text PostgreSQL cannot store', () => {
  it('names the field, after the call’s own transforms', () => {
    expect(firstIssue(projectCalls.rename.input.safeParse({ project_id: 'p1', name: ' a\u0000b ' }))).toEqual({ path: 'name', message: TextMsg.nul });
    expect(firstIssue(projectCalls.info.input.safeParse({ project_id: '\u0000a' }))).toEqual({ path: 'project_id', message: TextMsg.nul });
    expect(firstIssue(userCalls.putUploadHistory.input.safeParse({ history: [{ url: '/files/a.png', name: 'a\ud800b' }] }))).toEqual({
      path: 'history.0.name',
      message: TextMsg.surrogate,
    });
  });

  it('reaches free-form JSON (unknown values and their keys)', () => {
    const r = projectCalls.update.input.safeParse({ project_id: 'p1', data: { data: { anything: { deep: ['ok', 'a\ud800'] } } } });
    expect(firstIssue(r)).toEqual({ path: 'data.data.anything.deep.1', message: TextMsg.surrogate });
  });

  it('keeps valid input and its parsed output unchanged', () => {
    expect(projectCalls.rename.input.parse({ project_id: 'p1', name: ' Juniper 🍸 ' })).toEqual({ project_id: 'p1', name: 'Juniper 🍸' });
    const echo = defineCall({
      method: 'POST',
      path: '/x',
      auth: 'public',
      summary: '',
      input: z.object({ s: z.string().transform((s) => s.length) }),
      data: z.null(),
    });
    expect(echo.input.parse({ s: 'abc' })).toEqual({ s: 3 });
  });

  it('bounds the free-form project data per request', () => {
    const r = projectCalls.update.input.safeParse({ project_id: 'p1', data: { data: { pad: 'x'.repeat(300 * 1024) } } });
    expect(firstIssue(r)?.path).toBe('data.data');
    expect(firstIssue(r)?.message).toMatch(/at most 256 KB/);
  });

  it('checks socket room payloads the same way', () => {
    expect(firstIssue(RoomPayloadSchema.safeParse({ project_id: 'a\u0000' }))).toEqual({ path: 'project_id', message: TextMsg.nul });
    expect(RoomPayloadSchema.parse({ project_id: ' p1 ' })).toEqual({ project_id: 'p1' });
  });
});
