import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3PeerRequest {
  method: string;
  path: string;
  authorization: string | null;
  /** STS form fields (Action, RoleArn, Policy, …) for requests to the STS endpoint. */
  form: Record<string, string> | null;
}

export interface S3Peer {
  /** S3 endpoint (path-style: `${url}/<bucket>/<key>`). */
  url: string;
  /** STS endpoint answering AssumeRole. */
  stsUrl: string;
  objects: Map<string, { body: Buffer; contentType: string | null }>;
  requests: S3PeerRequest[];
  close(): Promise<void>;
}

/**
 * A minimal S3-compatible peer for tests: PUT/GET/HEAD/DELETE objects with path-style URLs, and
 * an STS AssumeRole answer under /sts. Signatures are recorded, not checked. Objects are keyed
 * `<bucket>/<key>`.
 */
export async function startS3Peer(): Promise<S3Peer> {
  const objects = new Map<string, { body: Buffer; contentType: string | null }>();
  const requests: S3PeerRequest[] = [];
  const serve = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://peer');
    const authorization = req.headers.authorization ?? null;
    if (url.pathname === '/sts' || url.pathname.startsWith('/sts/')) {
      const form = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
      requests.push({ method: req.method ?? '', path: url.pathname, authorization, form });
      const expiration = new Date(Date.now() + Number(form.DurationSeconds ?? 3600) * 1000).toISOString();
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(`<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult>
<Credentials><AccessKeyId>ASIATESTKEY</AccessKeyId><SecretAccessKey>test-secret</SecretAccessKey><SessionToken>test-session-token</SessionToken><Expiration>${expiration}</Expiration></Credentials>
<AssumedRoleUser><Arn>arn:aws:sts::123456789012:assumed-role/uploader/${form.RoleSessionName ?? ''}</Arn><AssumedRoleId>AROATEST:${form.RoleSessionName ?? ''}</AssumedRoleId></AssumedRoleUser>
</AssumeRoleResult><ResponseMetadata><RequestId>req-1</RequestId></ResponseMetadata></AssumeRoleResponse>`);
      return;
    }
    const objectKey = decodeURIComponent(url.pathname.slice(1));
    requests.push({ method: req.method ?? '', path: objectKey, authorization, form: null });
    const found = objects.get(objectKey);
    const notFound = () => {
      res.writeHead(404, { 'content-type': 'application/xml' });
      res.end(
        req.method === 'HEAD'
          ? undefined
          : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${objectKey}</Key></Error>`,
      );
    };
    switch (req.method) {
      case 'PUT':
        objects.set(objectKey, { body, contentType: req.headers['content-type'] ?? null });
        res.writeHead(200, { etag: '"etag"' });
        res.end();
        return;
      case 'GET':
      case 'HEAD':
        if (!found) return notFound();
        res.writeHead(200, { 'content-type': found.contentType ?? 'application/octet-stream', 'content-length': found.body.length, etag: '"etag"' });
        res.end(req.method === 'GET' ? found.body : undefined);
        return;
      case 'DELETE':
        objects.delete(objectKey);
        res.writeHead(204);
        res.end();
        return;
      default:
        res.writeHead(405);
        res.end();
    }
  };
  // A request the peer cannot parse drops its connection, as a broken S3 endpoint would.
  const server = http.createServer((req, res) => void serve(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    stsUrl: `${url}/sts`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
