import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.js';
import { createAssistant } from './create-assistant.js';

describe('createAssistant', () => {
  const log = pino({ level: 'silent' });

  it('uses the local rules unless LLM_BASE_URL is set', () => {
    expect(createAssistant(loadConfig({}), log).kind).toBe('local');
  });

  it('uses the language model when LLM_BASE_URL is set', () => {
    const config = loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3.2' });
    expect(config.llm).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', apiKey: null, model: 'llama3.2', timeoutMs: 30_000 });
    expect(createAssistant(config, log).kind).toBe('openai-compatible');
  });

  it('defaults the model and reads the key and timeout', () => {
    const config = loadConfig({ LLM_BASE_URL: 'https://api.example.test/v1', LLM_API_KEY: 'sk-1', LLM_TIMEOUT_MS: '5000' });
    expect(config.llm).toEqual({ baseUrl: 'https://api.example.test/v1', apiKey: 'sk-1', model: 'gpt-4o-mini', timeoutMs: 5000 });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ LLM_BASE_URL: 'localhost:11434' })).toThrow(ConfigError);
    expect(() => loadConfig({ LLM_BASE_URL: 'localhost:11434' })).toThrow(/LLM_BASE_URL/);
    expect(() => loadConfig({ LLM_BASE_URL: 'http://x/v1', LLM_TIMEOUT_MS: 'soon' })).toThrow(/LLM_TIMEOUT_MS/);
  });
});
