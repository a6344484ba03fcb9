import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it('redacts token, code and state values and keeps everything else', () => {
    expect(redactUrl('/?token=abc&ref=news')).toBe('/?token=[redacted]&ref=news');
    expect(redactUrl('/api/oauth/google/callback?code=c1&state=s1&error=')).toBe('/api/oauth/google/callback?code=[redacted]&state=[redacted]&error=');
    expect(redactUrl('/p?TOKEN=abc#frag')).toBe('/p?TOKEN=[redacted]#frag');
    expect(redactUrl('/p?%74oken=abc')).toBe('/p?%74oken=[redacted]');
    expect(redactUrl('/p?token')).toBe('/p?token=[redacted]');
  });

  it('leaves URLs without secrets unchanged', () => {
    for (const url of ['/', '/api/project/info?project_id=p1', '/files/a.png', '/x?tokens=1&a=%E0%A4%A']) expect(redactUrl(url)).toBe(url);
  });
});
