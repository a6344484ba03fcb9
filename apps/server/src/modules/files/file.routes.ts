import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Code, Msg, SUCCESS, UPLOAD_MAX_BYTES, UPLOAD_PATH, UploadMsg, UploadedFileSchema, envelopeOf, fileCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';
import { bearerToken, type AuthContext, type Authenticate } from '../../http/auth-context.js';
import { AppError, badRequest, tokenInvalid, unauthorized } from '../../http/errors.js';
import { LOCAL_FILES_PREFIX } from '../../storage/local-storage.js';
import { isFileKey } from '../../storage/storage.js';
import type { UploadForm } from './file.service.js';

export function registerFileRoutes({ app, call, services, authenticate }: AppContext): void {
  call(fileCalls.storageToken, async ({ auth }) => services.files.storageToken(auth.user.id));
  call(fileCalls.registerUpload, async ({ auth, input }) => services.files.registerDirectUpload(auth.user.id, input.key, input.purpose));

  // Multipart parsing lives in its own encapsulated scope: every other route keeps answering
  // "Unsupported content type." for multipart bodies instead of accepting them.
  app.register(async (scope: FastifyInstance) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 8, parts: 10, fieldSize: 4096 },
      throwFileSizeLimit: true,
    });
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: UPLOAD_PATH,
      schema: {
        summary: 'Upload an image (multipart: form field `token` from /api/aws/token, file field `file`, optional field `purpose`: photo or mask)',
        tags: ['upload'],
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }, { apiKey: [] }],
        response: { 200: envelopeOf(UploadedFileSchema) },
      },
      handler: async (request) => {
        const auth = await requireSession(authenticate, request);
        if (!request.isMultipart()) throw badRequest(UploadMsg.notMultipart);
        const data = await services.files.upload(auth.user.id, await readUploadForm(request));
        return { code: Code.OK, msg: SUCCESS, data };
      },
    });
  });

  if (services.storage.kind === 'local') {
    app.get(`${LOCAL_FILES_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as Record<string, string | undefined>)['*'] ?? '';
      const object = isFileKey(key) ? await services.storage.stream(key) : null;
      if (!object) return reply.status(404).send({ code: Code.NOT_FOUND, msg: Msg.notFound, data: null });
      // A generated SVG opened directly must not run anything on our origin (its text came from users).
      if (key.endsWith('.svg'))
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; sandbox");
      return (
        reply
          .header('content-type', object.contentType ?? 'application/octet-stream')
          .header('content-length', object.size)
          // Keys are random and never reused, so a file under a key never changes.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // Lets the editor draw our images on a canvas (WebGL textures, exports) without tainting it.
          .header('access-control-allow-origin', '*')
          // …and lets other origins embed them, as S3/CDN-served files may be (the app's answers stay same-origin).
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(object.body)
      );
    });
  }
}

async function requireSession(authenticate: Authenticate, request: FastifyRequest): Promise<AuthContext> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw unauthorized();
  const resolved = await authenticate(token, { method: request.method, path: request.routeOptions.url ?? '' });
  if (resolved === 'invalid') throw tokenInvalid();
  return resolved;
}

const MULTIPART_ERRORS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: UploadMsg.tooLarge,
  FST_FILES_LIMIT: UploadMsg.oneFile,
  FST_PARTS_LIMIT: UploadMsg.wrongField,
  FST_FIELDS_LIMIT: UploadMsg.wrongField,
  FST_INVALID_MULTIPART_CONTENT_TYPE: UploadMsg.notMultipart,
};

/** Reads the form in whatever order its parts come; the file is buffered (at most UPLOAD_MAX_BYTES). */
async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = { token: null, file: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest(UploadMsg.wrongField);
        form.file = await part.toBuffer();
      } else if (part.fieldname === 'token' && typeof part.value === 'string') {
        form.token = part.value;
      } else if (part.fieldname === 'purpose' && typeof part.value === 'string') {
        form.purpose = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown }).code;
    const msg = typeof code === 'string' ? MULTIPART_ERRORS[code] : undefined;
    // Everything else thrown here comes from parsing the client's bytes (busboy: "Boundary not
    // found", "Unexpected end of multipart data"…), which carry no code: the body is at fault, not us.
    throw badRequest(msg ?? UploadMsg.malformed);
  }
  return form;
}
