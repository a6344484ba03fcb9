import { describe, expect, it } from 'vitest';
import { JOB_NAMES, JobRegistryError, createJobRegistry, type JobHandler } from './job-registry.js';

const handler = (name: string): JobHandler => ({ name, handle: async () => {} }) as unknown as JobHandler;

describe('job registry boot check', () => {
  it('accepts exactly one handler per job name', () => {
    const registry = createJobRegistry(JOB_NAMES.map(handler));
    expect(registry.names).toEqual(JOB_NAMES);
    expect(registry.handlerFor('selftest').name).toBe('selftest');
  });

  it('refuses to start when a job has no handler, naming the job', () => {
    expect(() => createJobRegistry([handler('a')], ['a', 'b'])).toThrow(JobRegistryError);
    expect(() => createJobRegistry([handler('a')], ['a', 'b'])).toThrow('job "b" has no handler');
  });

  it('refuses to start when a job has two handlers', () => {
    expect(() => createJobRegistry([handler('a'), handler('a')], ['a'])).toThrow('job "a" has two handlers');
  });

  it('refuses a handler for a job name nobody declared', () => {
    expect(() => createJobRegistry([handler('a'), handler('zzz')], ['a'])).toThrow('unknown job "zzz"');
  });

  it('re-validates payloads read back from a queue', () => {
    const registry = createJobRegistry(JOB_NAMES.map(handler));
    expect(registry.parsePayload('selftest', { recordId: 'r1' })).toEqual({ recordId: 'r1' });
    expect(() => registry.parsePayload('selftest', { id: 'r1' })).toThrow();
  });
});
