// Generates clients/typescript/api-types.ts, the TypeScript types of the REST API, from the OpenAPI document
// the service serves (GET /api/openapi.json), with openapi-typescript. `npm run api:types` writes the file;
// server/test/transport/generated-client.test.ts regenerates it from the served document and fails on drift.
import { writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

export const API_TYPES_FILE = new URL('./api-types.ts', import.meta.url);
export const REGENERATE_COMMAND = 'npm run api:types';

const HEADER =
  `// Generated from GET /api/openapi.json by openapi-typescript: do not edit; run \`${REGENERATE_COMMAND}\`.\n` +
  '// Use with openapi-fetch: createClient<paths>({ baseUrl: "http://<host>:<port>/api" }).\n\n';

/** The text of api-types.ts for an OpenAPI document. */
export async function generateApiTypes(document: object): Promise<string> {
  // A copy: openapi-typescript may annotate the object it is given.
  const ast = await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0]);
  return HEADER + astToString(ast);
}

/** `npm run api:types`: the document as the server builds it (server/transport/openapi.ts), written out. */
async function main() {
  const { getOpenApiDocument } = await import('../../server/transport/openapi');
  writeFileSync(API_TYPES_FILE, await generateApiTypes(getOpenApiDocument()));
  console.log(`wrote ${API_TYPES_FILE.pathname}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
