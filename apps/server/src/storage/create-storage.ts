import path from 'node:path';
import type { Config } from '../config.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

/** S3 when S3_BUCKET is set, otherwise DATA_DIR/files on local disk. */
export function createStorage(config: Pick<Config, 's3' | 'dataDir' | 'publicUrl'>): Storage {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage({ rootDir: path.join(config.dataDir, 'files'), publicUrl: config.publicUrl });
}
