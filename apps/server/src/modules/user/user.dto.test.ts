import { describe, expect, it } from 'vitest';
import { userRow } from '../../../test/rows.js';
import { membershipSubject, toUserDto } from './user.dto.js';

const NOW = Date.UTC(2026, 10, 25, 12);
const LATER = new Date(NOW + 86_400_000);
const EARLIER = new Date(NOW - 1);

describe('toUserDto', () => {
  it('maps every field of the row (SPEC §3 User)', () => {
    const row = userRow('u1', {
      email: 'ann@example.test',
      name: 'Ann',
      avatar: '/files/a.png',
      mockupServiceUserId: 'm-1',
      isAdmin: true,
      credit: 1234,
      designGenerateNum: 4,
      editGenerateNum: 3,
      editorUsed: true,
      vipType: 'pro_month',
      vipExpireTime: LATER,
      createdAt: new Date(1_700_000_000_000),
    });
    expect(toUserDto(row, { likeList: ['p1'], now: NOW })).toEqual({
      user_id: 'u1',
      type: 'user',
      email: 'ann@example.test',
      name: 'Ann',
      avatar: '/files/a.png',
      mockup_service: { user_id: 'm-1' },
      vip_type: 'pro_month',
      vip_expire_time: LATER.getTime(),
      is_admin: true,
      credit: 1234,
      subscriptions: [{ id: 'membership-u1', metadata: { type: 'month', vipType: 'pro_month' } }],
      generate_num: { design_generate_num: 4, edit_generate_num: 3 },
      vip_upgrade_list: ['business_month', 'business_year'],
      editor_used: true,
      likeList: ['p1'],
      created_at: 1_700_000_000_000,
    });
  });

  it('a free user: no subscription, no upgrade, no expiry; no like list given is an empty one', () => {
    expect(toUserDto(userRow('u1'), { now: NOW })).toMatchObject({
      vip_type: 'normal',
      vip_expire_time: null,
      subscriptions: [],
      vip_upgrade_list: [],
      likeList: [],
    });
    expect(toUserDto(userRow('u1')).likeList).toEqual([]);
  });

  it('a yearly plan is a yearly subscription; Business has nothing to upgrade to', () => {
    const dto = toUserDto(userRow('u1', { vipType: 'business_year', vipExpireTime: LATER }), { now: NOW });
    expect(dto.subscriptions).toEqual([{ id: 'membership-u1', metadata: { type: 'year', vipType: 'business_year' } }]);
    expect(dto.vip_upgrade_list).toEqual([]);
    expect(toUserDto(userRow('u1', { vipType: 'business_month', vipExpireTime: LATER }), { now: NOW }).vip_upgrade_list).toEqual([]);
    expect(toUserDto(userRow('u1', { vipType: 'pro_plus_year', vipExpireTime: LATER }), { now: NOW }).vip_upgrade_list).toEqual([
      'business_month',
      'business_year',
    ]);
  });

  it('an expired membership is reported as normal without expiry (SPEC §4)', () => {
    const dto = toUserDto(userRow('u1', { vipType: 'pro_max_year', vipExpireTime: EARLIER }), { now: NOW });
    expect(dto).toMatchObject({ vip_type: 'normal', vip_expire_time: null, subscriptions: [], vip_upgrade_list: [] });
  });

  it('an unknown stored plan reads as normal', () => {
    expect(toUserDto(userRow('u1', { vipType: 'platinum', vipExpireTime: LATER }), { now: NOW })).toMatchObject({ vip_type: 'normal', subscriptions: [] });
  });
});

describe('membershipSubject', () => {
  it('is what the membership rules read of a row', () => {
    const row = userRow('u1', { type: 'guest', vipType: 'pro_year', vipExpireTime: LATER, credit: 7, editorUsed: true });
    expect(membershipSubject(row)).toEqual({ type: 'guest', vip_type: 'pro_year', vip_expire_time: LATER.getTime(), credit: 7, editor_used: true });
  });

  it('reads an unknown stored plan as normal and a missing expiry as null', () => {
    expect(membershipSubject(userRow('u1', { vipType: 'gold' }))).toEqual({
      type: 'user',
      vip_type: 'normal',
      vip_expire_time: null,
      credit: 100,
      editor_used: false,
    });
  });
});
