import type { UserRow } from '../src/http/auth-context.js';

/** A complete users row for unit tests that need no database: a registered free user unless `over` says otherwise. */
export function userRow(id: string, over: Partial<UserRow> = {}): UserRow {
  const at = new Date(0);
  return {
    id,
    type: 'user',
    email: null,
    name: null,
    avatar: null,
    passwordHash: null,
    vipType: 'normal',
    vipExpireTime: null,
    isAdmin: false,
    editorUsed: false,
    mockupServiceUserId: null,
    credit: 100,
    designGenerateNum: 2,
    editGenerateNum: 2,
    mergedIntoUserId: null,
    signupOrigin: null,
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}
