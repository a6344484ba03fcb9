import type { TestProject } from 'vitest/node';
import { startTestServer } from './harness.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverMode: string;
  }
}

/** One shared server for the integration suite; tests isolate themselves by using their own users. */
export default async function setup(project: TestProject) {
  const server = await startTestServer();
  project.provide('baseUrl', server.url);
  project.provide('serverMode', server.mode);
  console.log(`[integration] server ${server.url} (${server.mode})`);
  return async () => {
    await server.close();
  };
}
