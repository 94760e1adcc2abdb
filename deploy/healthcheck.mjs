#!/usr/bin/env node
// Container health probe, for Docker HEALTHCHECK and docker compose (Kubernetes uses its native grpc/http probes).
//
//   node deploy/healthcheck.mjs grpc 127.0.0.1:7101 [service]   standard grpc.health.v1.Health/Check
//   node deploy/healthcheck.mjs http http://127.0.0.1:8080/api/health
//
// Plain JavaScript on purpose: it runs every few seconds, so it must start fast (no tsx, no generated code).
// The two health messages have one field each, so they are encoded and decoded here by hand:
//   HealthCheckRequest  { string service = 1; }   HealthCheckResponse { ServingStatus status = 1; }
// Exit 0 when SERVING (or HTTP 2xx), 1 otherwise.
import { pathToFileURL } from 'node:url';
import { credentials, makeGenericClientConstructor } from '@grpc/grpc-js';

const TIMEOUT_MS = 3000;
const SERVING = 1;

export function encodeRequest(service = '') {
  const bytes = Buffer.from(service, 'utf8');
  if (bytes.length === 0) return Buffer.alloc(0);
  return Buffer.concat([Buffer.from([0x0a]), varint(bytes.length), bytes]);
}

export function decodeStatus(buffer) {
  let offset = 0;
  let status = 0; // proto3 default: UNKNOWN
  const readVarint = () => {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (offset >= buffer.length) throw new Error('truncated health response');
      const byte = buffer[offset++];
      result += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7;
    }
  };
  while (offset < buffer.length) {
    const tag = readVarint();
    const field = Math.floor(tag / 8);
    const wire = tag & 7;
    if (wire === 0) {
      const value = readVarint();
      if (field === 1) status = value;
    } else if (wire === 2) {
      offset += readVarint();
    } else if (wire === 1) {
      offset += 8;
    } else if (wire === 5) {
      offset += 4;
    } else {
      throw new Error(`unexpected wire type ${wire}`);
    }
  }
  return status;
}

function varint(value) {
  const out = [];
  let v = value;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  out.push(v);
  return Buffer.from(out);
}

const HealthClient = makeGenericClientConstructor(
  {
    check: {
      path: '/grpc.health.v1.Health/Check',
      requestStream: false,
      responseStream: false,
      requestSerialize: (service) => encodeRequest(service),
      requestDeserialize: (buffer) => buffer,
      responseSerialize: (buffer) => buffer,
      responseDeserialize: (buffer) => decodeStatus(buffer),
    },
  },
  'Health',
);

/** Resolves true when the server answers SERVING within the timeout. */
export function checkGrpc(address, service = '', timeoutMs = TIMEOUT_MS) {
  const client = new HealthClient(address, credentials.createInsecure());
  return new Promise((resolve) => {
    client.check(service, { deadline: Date.now() + timeoutMs }, (error, status) => {
      client.close();
      resolve(!error && status === SERVING);
    });
  });
}

export async function checkHttp(url, timeoutMs = TIMEOUT_MS) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const [mode, target, service] = process.argv.slice(2);
  let ok;
  if (mode === 'grpc' && target) ok = await checkGrpc(target, service ?? '');
  else if (mode === 'http' && target) ok = await checkHttp(target);
  else {
    process.stderr.write('usage: healthcheck.mjs grpc <host:port> [service] | http <url>\n');
    process.exit(2);
  }
  if (!ok) process.stderr.write(`unhealthy: ${mode} ${target}\n`);
  process.exit(ok ? 0 : 1);
}
