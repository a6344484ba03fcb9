import { describe, expect, it } from 'vitest';
import { LOCAL_HISTORY_MAX, WAITING_MESSAGE_AFTER_MS } from '@packsmith/contracts';
import { boxIdIndex, boxLabel, chooseBox, orderBoxCategories, selectedBoxOf } from './box-rules';
import { answerOf, boxOptionsOf, briefOf, localMessage, recommendationText, supersededLocals } from './chat-data';
import { mergeMessages } from './chat.store';
import { CATALOG, catalogBox, msg, project } from './chat-test-kit';
import { downloadFileName } from './download';
import { applyImageLike, NO_LIKES } from './image-likes';
import { addHistoryRecord, historyRecordOf, type LocalHistoryRecord } from './local-history';
import { WAITING_MESSAGES, nextWaitingChangeIn, waitingMessageAt } from './waiting';

describe('message list', () => {
  it('is sorted by create_at ascending and keeps one message per msg_id (the later copy wins)', () => {
    const a = msg({ msg_id: 'a', create_at: 30 });
    const b = msg({ msg_id: 'b', create_at: 10 });
    const c = msg({ msg_id: 'c', create_at: 20 });
    const aAgain = { ...a, content: { ...a.content, message: 'updated' } };
    const list = mergeMessages([a, b], [c, aAgain, b]);
    expect(list.map((m) => m.msg_id)).toEqual(['b', 'c', 'a']);
    expect(list.find((m) => m.msg_id === 'a')?.content.message).toBe('updated');
  });

  it('a pending local user message is replaced by the server copy with the same text, once', () => {
    const local = localMessage('p1', 'user', 'Green tea', 'text');
    const other = localMessage('p1', 'user', 'Something else', 'text');
    const server = msg({ role: 'user', text: 'Green tea' });
    expect(supersededLocals([local, other], [server])).toEqual([local.msg_id]);
    expect(supersededLocals([local], [msg({ role: 'assistant', text: 'Green tea' })])).toEqual([]);
  });

  it('reads each kind through its contract shape and ignores data that does not fit', () => {
    const box = msg({ type: 'box', data: { box_options: [catalogBox(201)] } });
    expect(boxOptionsOf(box)?.[0]?.name).toBe('Mailer Box (FEFCO 0427)');
    expect(boxOptionsOf(msg({ type: 'box', data: { box_options: 'nope' } }))).toBeNull();
    const brief = { product: 'Tea', brand: 'Leaf', box: [], box_id: 0, element: [], style: [], color: [], logo: '' };
    expect(briefOf(msg({ type: 'updateOptions', data: { brief } }))?.brand).toBe('Leaf');
    expect(briefOf(msg({ type: 'text', data: { brief } }))).toBeNull();
    expect(answerOf(msg({ type: 'answer', isloading: true, data: { record_id: 'r9' } }))).toMatchObject({ record_id: 'r9', imageUrls: [] });
  });
});

describe('box panel and box selection (SPEC §4)', () => {
  it('categories holding the returned boxes come first, in the order returned; the others keep catalogue order', () => {
    const returned = [
      { box_id: 701, category: 'Cans & Jars' },
      { box_id: 201, category: 'Shipping Boxes' },
      { box_id: 702, category: 'Cans & Jars' },
    ];
    const names = orderBoxCategories(CATALOG.categories, returned).map((c) => c.name);
    expect(names.slice(0, 3)).toEqual(['Cans & Jars', 'Shipping Boxes', 'Product Boxes']);
    expect(names.slice(2)).toEqual(CATALOG.categories.map((c) => c.name).filter((n) => n !== 'Cans & Jars' && n !== 'Shipping Boxes'));
    expect(orderBoxCategories(CATALOG.categories, []).map((c) => c.name)).toEqual(CATALOG.categories.map((c) => c.name));
  });

  it('the chosen box goes first in the box list and sets boxId; an unknown box gets 0', () => {
    const index = boxIdIndex(CATALOG.categories);
    const mailer = catalogBox(201);
    expect(chooseBox(['stand-up-pouch', 'mailer-box'], mailer, index)).toEqual({
      box: ['mailer-box', 'stand-up-pouch'],
      boxId: 201,
      selectBoxInfo: { name: mailer.name, value: 'mailer-box' },
    });
    expect(chooseBox([mailer.name], mailer, index).box).toEqual(['mailer-box']);
    expect(chooseBox([], { name: 'Hat box', slug: 'hat-box', box_id: 0 }, index)).toMatchObject({ box: ['hat-box'], boxId: 0 });
  });

  it("a project's selected box is data.box_id when known, else the first listed box; labels read as names", () => {
    expect(selectedBoxOf(['stand-up-pouch'], 201)?.slug).toBe('mailer-box');
    expect(selectedBoxOf(['mailer-box'], 0)).toEqual({ name: 'Mailer Box (FEFCO 0427)', slug: 'mailer-box', box_id: 201 });
    expect(selectedBoxOf([], 0)).toBeNull();
    expect(boxLabel('reverse-tuck-end')).toBe('Reverse Tuck End Box');
    expect(boxLabel('a hat box')).toBe('a hat box');
  });
});

describe('like, dislike, best', () => {
  it('pressing again undoes; like and dislike exclude each other; best is one image; disliking the best clears it', () => {
    let likes = applyImageLike(NO_LIKES, 'a', 'like');
    expect(likes.like_list).toEqual(['a']);
    likes = applyImageLike(likes, 'a', 'like');
    expect(likes.like_list).toEqual([]);
    likes = applyImageLike(applyImageLike(likes, 'a', 'like'), 'a', 'dislike');
    expect(likes).toEqual({ like_list: [], dislike_list: ['a'], like_best: null });
    likes = applyImageLike(likes, 'b', 'best');
    expect(likes.like_best).toBe('b');
    expect(applyImageLike(likes, 'b', 'best').like_best).toBeNull();
    expect(applyImageLike(likes, 'b', 'dislike').like_best).toBeNull();
  });
});

describe('waiting messages (SPEC §4 Waiting)', () => {
  it('nothing for 20 s, then queue and high demand alternating every 20 s', () => {
    const s = WAITING_MESSAGE_AFTER_MS;
    expect(waitingMessageAt(s - 1)).toBeNull();
    expect(waitingMessageAt(s)).toBe(WAITING_MESSAGES[0]);
    expect(waitingMessageAt(2 * s - 1)).toBe(WAITING_MESSAGES[0]);
    expect(waitingMessageAt(2 * s)).toBe(WAITING_MESSAGES[1]);
    expect(waitingMessageAt(3 * s)).toBe(WAITING_MESSAGES[0]);
    expect(nextWaitingChangeIn(5_000)).toBe(s - 5_000);
    expect(nextWaitingChangeIn(s + 3_000)).toBe(s - 3_000);
  });
});

describe('local project history', () => {
  it('a record holds the project summary and its last server messages, never local or loading ones', () => {
    const messages = [msg({ msg_id: 'x1' }), localMessage('p1', 'user', 'pending', 'text'), msg({ msg_id: 'x2', isloading: true })];
    const r = historyRecordOf(project({ brand: 'Leaf', product: 'Tea', result_list: [['a.png', 'b.png']] }), messages, 42);
    expect(r).toMatchObject({ id: 'p1', timestamp: 42, project_data: { brand: 'Leaf', product: 'Tea', type: 'design', cover: 'b.png' } });
    expect(r.data.map((m) => (m as { msg_id: string }).msg_id)).toEqual(['x1']);
  });

  it('keeps fewer than 100 projects: at 100 the oldest is removed', () => {
    let list: LocalHistoryRecord[] = Array.from({ length: LOCAL_HISTORY_MAX - 1 }, (_, i) => ({ id: `p${i}`, data: [], timestamp: i, project_data: {} }));
    list = addHistoryRecord(list, { id: 'new', data: [], timestamp: 1_000, project_data: {} });
    expect(list).toHaveLength(LOCAL_HISTORY_MAX - 1);
    expect(list.some((r) => r.id === 'p0')).toBe(false);
    expect(list.at(-1)?.id).toBe('new');
  });
});

describe('small texts', () => {
  it('"Use these" becomes one plain sentence', () => {
    expect(recommendationText(['minimalist', 'botanical'], ['sage'])).toBe("Let's go with a minimalist and botanical style in sage.");
    expect(recommendationText([], ['red', 'gold', 'cream'])).toBe("Let's use red, gold and cream.");
    expect(recommendationText([], [])).toBe('');
  });

  it('downloads get a readable file name with the right extension', () => {
    expect(downloadFileName(['Leaf & Co', 'Green tea'], 2, 'image/png')).toBe('leaf-co-green-tea-design-2.png');
    expect(downloadFileName(['', ''], 1, 'image/jpeg; charset=binary')).toBe('packsmith-design-1.jpg');
  });
});
