import { describe, expect, it } from 'vitest';
import { Code } from '@packsmith/contracts';
import { AppError } from '../../http/errors.js';
import { createProjectAccess } from './project.access.js';
import type { ProjectRow } from './project.repo.js';

/** The access rules on an in-memory `findAlive` (deleted projects are simply absent, as the repo hides them). */
function accessTo(rows: ProjectRow[]) {
  const lookups: string[] = [];
  const access = createProjectAccess({
    projects: {
      async findAlive(id) {
        lookups.push(id);
        return rows.find((r) => r.id === id) ?? null;
      },
    },
  });
  return { access, lookups };
}

// The rules read only the owner and the public flag.
const project = (id: string, userId: string, isPublic = false) => ({ id, userId, isPublic, name: `project ${id}` }) as ProjectRow;

const MINE = project('p-mine', 'alice');
const THEIRS = project('p-theirs', 'bob');
const SHARED = project('p-shared', 'bob', true);
const MINE_PUBLIC = project('p-mine-public', 'alice', true);

async function refusal(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const { code, message } = err as AppError;
  return { code, message };
}

// Built inside each test: what runs while tests are collected counts for every test in a mutation run.
const setup = () => accessTo([MINE, THEIRS, SHARED, MINE_PUBLIC]);

describe('project access', () => {
  it('load answers the live project or null', async () => {
    const { access, lookups } = setup();
    expect(await access.load('p-mine')).toBe(MINE);
    expect(await access.load('p-gone')).toBeNull();
    expect(lookups).toEqual(['p-mine', 'p-gone']);
  });

  it('assertOwner: the owner gets the row; anyone else 403; an unknown or deleted id 404', async () => {
    const { access, lookups } = setup();
    expect(await access.assertOwner('alice', 'p-mine')).toBe(MINE);
    expect(await access.assertOwner('alice', 'p-mine-public')).toBe(MINE_PUBLIC);
    expect(await refusal(access.assertOwner('alice', 'p-theirs'))).toEqual({ code: Code.FORBIDDEN, message: 'This project belongs to someone else.' });
    // Public is readable, not writable.
    expect(await refusal(access.assertOwner('alice', 'p-shared'))).toEqual({ code: Code.FORBIDDEN, message: 'This project belongs to someone else.' });
    expect(await refusal(access.assertOwner('alice', 'p-gone'))).toEqual({ code: Code.NOT_FOUND, message: 'Project not found.' });
    expect(lookups.at(-1)).toBe('p-gone');
  });

  it('assertReadable: the owner, or anyone when public; a private project of another 403; unknown 404', async () => {
    const { access } = setup();
    expect(await access.assertReadable('alice', 'p-mine')).toBe(MINE);
    expect(await access.assertReadable('alice', 'p-shared')).toBe(SHARED);
    expect(await access.assertReadable('bob', 'p-mine-public')).toBe(MINE_PUBLIC);
    expect(await refusal(access.assertReadable('alice', 'p-theirs'))).toEqual({ code: Code.FORBIDDEN, message: 'This project belongs to someone else.' });
    expect(await refusal(access.assertReadable('bob', 'p-mine'))).toEqual({ code: Code.FORBIDDEN, message: 'This project belongs to someone else.' });
    expect(await refusal(access.assertReadable('alice', 'p-gone'))).toEqual({ code: Code.NOT_FOUND, message: 'Project not found.' });
  });

  it('joinCode: 0 for the owner, 403 for anyone else even on a public project, 404 for an unknown id', async () => {
    const { access, lookups } = setup();
    expect(await access.joinCode('alice', 'p-mine')).toBe(0);
    expect(await access.joinCode('alice', 'p-theirs')).toBe(403);
    expect(await access.joinCode('alice', 'p-shared')).toBe(403);
    expect(await access.joinCode('alice', 'p-gone')).toBe(404);
    expect(lookups.at(-1)).toBe('p-gone');
  });
});
