import { describe, expect, it } from 'vitest';
import { Msg } from '@packsmith/contracts';
import { UPLOAD_ACCEPT_ATTR, checkDimensions, checkFileType, credentialsFresh, uploadSize } from './upload-rules';

describe('upload checks (SPEC §5)', () => {
  it('accepts jpeg, jpg and png by MIME and extension', () => {
    expect(checkFileType({ name: 'a.JPG', type: 'image/jpeg' })).toBeNull();
    expect(checkFileType({ name: 'a.jpeg', type: 'image/jpeg' })).toBeNull();
    expect(checkFileType({ name: 'a.png', type: 'image/png' })).toBeNull();
    expect(UPLOAD_ACCEPT_ATTR).toBe('image/jpeg,image/png,.jpeg,.jpg,.png');
  });

  it('refuses anything else with the spec message', () => {
    expect(checkFileType({ name: 'a.gif', type: 'image/gif' })).toBe(Msg.uploadImageFile);
    expect(checkFileType({ name: 'a.pdf', type: 'application/pdf' })).toBe(Msg.uploadImageFile);
    expect(checkFileType({ name: 'a.png', type: '' })).toBe(Msg.uploadImageFile);
    expect(checkFileType({ name: 'a.webp', type: 'image/png' })).toBe(Msg.uploadImageFile);
  });

  it('needs 1024 pixels on the shorter side', () => {
    expect(checkDimensions(1024, 1024)).toBeNull();
    expect(checkDimensions(4000, 1023)).toBe(Msg.uploadMinSide);
  });

  it('brings the longest side down to 2048, keeping proportions', () => {
    expect(uploadSize(2048, 1500)).toEqual({ width: 2048, height: 1500, resized: false });
    expect(uploadSize(4096, 3072)).toEqual({ width: 2048, height: 1536, resized: true });
    expect(uploadSize(1200, 3000)).toEqual({ width: 819, height: 2048, resized: true });
  });

  it('renews storage credentials 15 minutes before they expire', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(credentialsFresh('2030-01-01T00:16:00Z', now)).toBe(true);
    expect(credentialsFresh('2030-01-01T00:15:00Z', now)).toBe(false);
    expect(credentialsFresh('not a date', now)).toBe(false);
  });
});
