import { VipTypeSchema, effectiveMembership, type User, type VipType } from '@packsmith/contracts';
import type { UserRow } from '../../http/auth-context.js';
import { toMs, toMsOrZero } from '../../lib/time.js';

function vipOf(row: UserRow): VipType {
  const parsed = VipTypeSchema.safeParse(row.vipType);
  return parsed.success ? parsed.data : 'normal';
}

/** The SPEC §3 User for a row; an expired membership is reported as normal (SPEC §4). */
export function toUserDto(row: UserRow, extra: { likeList?: string[]; now?: number } = {}): User {
  const membership = effectiveMembership({ type: row.type, vip_type: vipOf(row), vip_expire_time: toMs(row.vipExpireTime), credit: row.credit }, extra.now);
  const vip = membership.vip_type;
  return {
    user_id: row.id,
    type: row.type,
    email: row.email,
    name: row.name,
    avatar: row.avatar,
    mockup_service: { user_id: row.mockupServiceUserId },
    vip_type: vip,
    vip_expire_time: membership.vip_expire_time,
    is_admin: row.isAdmin,
    credit: row.credit,
    subscriptions: vip === 'normal' ? [] : [{ id: `membership-${row.id}`, metadata: { type: vip.endsWith('_year') ? 'year' : 'month', vipType: vip } }],
    generate_num: { design_generate_num: row.designGenerateNum, edit_generate_num: row.editGenerateNum },
    vip_upgrade_list: vip !== 'normal' && !vip.startsWith('business') ? ['business_month', 'business_year'] : [],
    editor_used: row.editorUsed,
    likeList: extra.likeList ?? [],
    created_at: toMsOrZero(row.createdAt),
  };
}

export function membershipSubject(row: UserRow) {
  return { type: row.type, vip_type: vipOf(row), vip_expire_time: toMs(row.vipExpireTime), credit: row.credit, editor_used: row.editorUsed };
}
