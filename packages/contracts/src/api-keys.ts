/** The words of the API key refusals (docs/API.md "API access"), shared by the server and the web. */
export const ApiKeyMsg = {
  refused: 'API keys cannot be used for this call.',
  tooMany: (seconds: number) => `Too many requests for this API key. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  tooManyKeys: (max: number) => `You can have at most ${max} active API keys. Revoke one first.`,
  notFound: 'API key not found.',
} as const;
