import { ConfigError, parseConfig } from '@pictura/common/config';
import { JobStatus } from '@pictura/common/gen/jobs/v1/jobs_pb';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { gatewayTestDeps } from '../../../test/support/gateway-app.ts';
import { testRedis } from '../../../test/support/redis.ts';
import { buildApp } from './app.ts';
import type { JobsClient } from './clients.ts';
import { gatewayConfigShape } from './config.ts';
import type { TrustProxy } from './trust-proxy.ts';

const trustProxyOf = (value: string | undefined) =>
  parseConfig(gatewayConfigShape, { TRUST_PROXY: value }).TRUST_PROXY;

/** The message the gateway stops with for this TRUST_PROXY, or '' when it starts. */
function refusalOf(value: string): string {
  try {
    trustProxyOf(value);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

describe('TRUST_PROXY setting', () => {
  it('trusts no proxy unless told: the socket address is the client', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('0')).toBe(false);
  });

  it('takes a hop count or the proxies’ addresses and CIDR blocks', () => {
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('10.0.0.0/8, 192.168.1.5,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses "true" (trust every hop), naming the forms that replace it', () => {
    const message = refusalOf('true');
    expect(message).toContain('TRUST_PROXY');
    expect(message).toContain('X-Forwarded-For');
    expect(message).toMatch(/number of proxies.*\(e\.g\. 1\)/);
    expect(message).toContain('10.0.0.0/8');
  });

  it('refuses what is no address, and a block that covers every address', () => {
    expect(refusalOf('proxy.internal')).toContain('"proxy.internal" is not an IP address');
    expect(refusalOf('10.0.0.0/33')).toContain('prefix');
    expect(refusalOf('0.0.0.0/0')).toContain('trusts every address');
    expect(refusalOf('::/0')).toContain('trusts every address');
    expect(refusalOf('11')).toContain('at most 10');
  });
});

describe('the client address behind a proxy (real app, app.inject)', () => {
  const env = testRedis();
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await env.cleanup();
  });

  /** An app whose jobs service records the address it is given for each guest submission. */
  async function gatewayTrusting(trustProxy: TrustProxy, guestPerMinute = 1000) {
    const addresses: string[] = [];
    const jobs = {
      getSettings: async () => ({ anonymousGeneratePerMinute: guestPerMinute }),
      submitGeneration: async ({ clientAddress }: { clientAddress: string }) => {
        addresses.push(clientAddress);
        return { id: crypto.randomUUID(), status: JobStatus.WAITING, position: 1 };
      },
    } as unknown as JobsClient;
    const app = await buildApp(
      gatewayTestDeps(
        { redis: env.redis, prefix: `${env.prefix}-${apps.length}` },
        { config: { TRUST_PROXY: trustProxy }, jobs },
      ),
    );
    apps.push(app);
    const generate = (from: string, forwardedFor?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/generate',
        payload: { prompt: 'a lighthouse' },
        remoteAddress: from,
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      });
    return { generate, addresses };
  }

  it('with one proxy, a spoofed leftmost entry changes nothing: one guest, one budget', async () => {
    const { generate, addresses } = await gatewayTrusting(1, 2);
    // The proxy (10.0.0.2) appends the address it saw; the client wrote whatever it liked to the left.
    const answers = [];
    for (const spoofed of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      answers.push(await generate('10.0.0.2', `${spoofed}, 203.0.113.7`));
    }
    expect(answers.map((res) => res.statusCode)).toEqual([202, 202, 429]);
    expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(addresses).toEqual(['203.0.113.7', '203.0.113.7']);
  });

  it('with the proxies’ addresses, skips every trusted hop and believes nothing from a stranger', async () => {
    const { generate, addresses } = await gatewayTrusting(['10.0.0.0/8']);
    // Two proxies of ours (10.0.0.2, then 10.9.9.9): the client is the entry left of them.
    expect((await generate('10.0.0.2', '198.51.100.1, 203.0.113.7, 10.9.9.9')).statusCode).toBe(202);
    // Not one of our proxies: its X-Forwarded-For is its own writing.
    expect((await generate('203.0.113.50', '198.51.100.1')).statusCode).toBe(202);
    expect(addresses).toEqual(['203.0.113.7', '203.0.113.50']);
  });

  it('without a proxy, X-Forwarded-For is ignored', async () => {
    const { generate, addresses } = await gatewayTrusting(false);
    expect((await generate('203.0.113.9', '198.51.100.1')).statusCode).toBe(202);
    expect(addresses).toEqual(['203.0.113.9']);
  });
});
