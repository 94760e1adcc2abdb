// A real S3-protocol server on loopback for tests and rehearsals: s3rver (the maintained @20minutes fork),
// pure JavaScript, objects kept as files in a temporary folder. It has no vitest imports, so plain node
// scripts (npm run rehearse) use it as well.
//
// Signatures are checked here, in front of s3rver, with the AWS SDK's own signer: s3rver's check computes the
// wrong canonical path for bucket-level requests (the SDK signs ListObjectsV2 as /bucket/, s3rver as /bucket)
// and lets unsigned requests through. So every request must carry a valid SigV4 signature (header or
// presigned URL) made with this server's keys, as with a private bucket; s3rver then serves it unsigned.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignatureV4 } from '@smithy/signature-v4';

const require = createRequire(import.meta.url);

export interface S3Server {
  /** http://127.0.0.1:<port>, path-style. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The OBJECT_STORE and S3_* variables that point a Pictura process at this bucket. */
  env: Record<string, string>;
  /** Makes an object look stored `ms` ago (S3 has no such call; s3rver's LastModified is its file's time). */
  backdate(key: string, ms: number): Promise<void>;
  stop(): Promise<void>;
}

type Bytes = string | ArrayBuffer | ArrayBufferView;
const asBuffer = (data: Bytes) =>
  typeof data === 'string'
    ? Buffer.from(data)
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** node:crypto as the signer's hash: SHA-256, or HMAC-SHA-256 when given a secret. */
class Sha256 {
  private readonly hash;
  constructor(secret?: Bytes) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', asBuffer(secret));
  }
  update(data: Bytes) {
    this.hash.update(asBuffer(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

const PRESIGN_PARAMS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
  'X-Amz-Security-Token',
];

/** 20261126T105640Z → Date. */
function amzDate(text: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(text ?? '');
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
}

class S3Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function startS3Server(options: { bucket?: string; region?: string } = {}): Promise<S3Server> {
  const S3rver = require('@20minutes/s3rver');
  const bucket = options.bucket ?? 'pictura';
  const region = options.region ?? 'us-east-1';
  const accessKeyId = `TEST${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(20).toString('base64url');
  const directory = mkdtempSync(join(tmpdir(), 'pictura-s3-'));
  const s3rver = new S3rver({
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  await s3rver.configureBuckets();
  const serve = s3rver.callback() as (req: IncomingMessage, res: ServerResponse) => void;
  const signer = new SignatureV4({
    credentials: { accessKeyId, secretAccessKey },
    region,
    service: 's3',
    sha256: Sha256,
    uriEscapePath: false, // S3 signs the path as sent, encoded once
  });

  /** Throws an S3Refusal unless the request is signed with this server's keys; strips the signature. */
  async function verify(req: IncomingMessage, host: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    const presigned = url.searchParams.has('X-Amz-Signature');
    const authorization = req.headers.authorization ?? '';
    if (!presigned && !authorization) throw new S3Refusal('AccessDenied', 'Access Denied');
    const fields = presigned
      ? {
          credential: url.searchParams.get('X-Amz-Credential') ?? '',
          signedHeaders: url.searchParams.get('X-Amz-SignedHeaders') ?? '',
          signature: url.searchParams.get('X-Amz-Signature') ?? '',
        }
      : {
          credential: /Credential=([^,\s]+)/.exec(authorization)?.[1] ?? '',
          signedHeaders: /SignedHeaders=([^,\s]+)/.exec(authorization)?.[1] ?? '',
          signature: /Signature=([0-9a-f]+)/.exec(authorization)?.[1] ?? '',
        };
    if (fields.credential.split('/')[0] !== accessKeyId) {
      throw new S3Refusal(
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
      );
    }
    const signingDate = amzDate(
      presigned ? (url.searchParams.get('X-Amz-Date') ?? '') : req.headers['x-amz-date']?.toString(),
    );
    if (!signingDate) throw new S3Refusal('AccessDenied', 'AWS authentication requires a valid x-amz-date');
    const signed = fields.signedHeaders.split(';');
    const headers: Record<string, string> = {};
    for (const name of signed) {
      const value = name === 'host' ? host : req.headers[name];
      headers[name] = Array.isArray(value) ? value.join(',') : (value ?? '');
    }
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams) if (name !== 'X-Amz-Signature') query[name] = value;
    const request = {
      method: req.method ?? 'GET',
      protocol: 'http:',
      hostname: host,
      path: url.pathname,
      query,
      headers,
    };
    const options = { signingDate, signableHeaders: new Set(signed) };
    let expected: string | undefined;
    if (presigned) {
      const expiresIn = Number(url.searchParams.get('X-Amz-Expires'));
      if (Date.now() > signingDate.getTime() + expiresIn * 1000)
        throw new S3Refusal('AccessDenied', 'Request has expired');
      // Presigned URLs sign no payload: its hash is the literal UNSIGNED-PAYLOAD, which the signer reads from
      // this header (kept out of the query, where the URL already names it).
      const payload = url.searchParams.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
      const again = await signer.presign(
        { ...request, headers: { ...headers, 'x-amz-content-sha256': payload } },
        {
          ...options,
          expiresIn,
          unsignableHeaders: new Set(['x-amz-content-sha256']),
          unhoistableHeaders: new Set([...signed, 'x-amz-content-sha256']),
        },
      );
      expected = again.query?.['X-Amz-Signature'] as string | undefined;
    } else {
      if (Math.abs(Date.now() - signingDate.getTime()) > 15 * 60_000) {
        throw new S3Refusal(
          'RequestTimeTooSkewed',
          'The difference between the request time and the current time is too large.',
        );
      }
      const again = await signer.sign(request, options);
      expected = /Signature=([0-9a-f]+)/.exec(again.headers.authorization ?? '')?.[1];
    }
    if (expected !== fields.signature) {
      throw new S3Refusal(
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
    }
    delete req.headers.authorization;
    for (const name of PRESIGN_PARAMS) url.searchParams.delete(name);
    req.url = `${url.pathname}${url.search}`;
  }

  const server = createServer((req, res) => {
    verify(req, req.headers.host ?? '').then(
      () => serve(req, res),
      (error: unknown) => {
        const refusal = error instanceof S3Refusal ? error : new S3Refusal('InternalError', String(error));
        res.writeHead(refusal.code === 'InternalError' ? 500 : 403, { 'content-type': 'application/xml' });
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${refusal.message}</Message></Error>`,
        );
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    env: {
      OBJECT_STORE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    },
    async backdate(key, ms) {
      const then = new Date(Date.now() - ms);
      await utimes(s3rver.store.getResourcePath(bucket, key, 'object'), then, then);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      s3rver.logger?.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
