import { parseConfig } from '@pictura/common/config';
import type { PublicJobBody } from '@pictura/common/job-body';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { jobsConfigShape } from './config.ts';
import {
  attemptOutcome,
  newMessageId,
  newWebhookSecret,
  retryDelayMs,
  signedHeaders,
  webhookBody,
  webhookEventFor,
} from './webhook-message.ts';

const job: PublicJobBody = {
  job_id: '3f1c2b9e-6a55-4f0e-9d7e-0b8f6f4f2a11',
  status: 'completed',
  position: 0,
  progress: 1,
  images: [
    {
      url: 'https://pictura.example/files/abc.png',
      width: 512,
      height: 512,
      seed: 7,
      flagged: false,
      subject: { found: true, emoji: '🦊', name: 'fox' },
      scene: {
        subjects: [{ name: 'fox', emoji: '🦊', count: 1, colour: 'red' }],
        relations: [],
        setting: ['forest', 'night'],
        style: [],
        unplaced_words: [],
      },
    },
  ],
  error: null,
};

describe('the retry schedule', () => {
  const standard = parseConfig(jobsConfigShape, {}).WEBHOOK_RETRY_DELAYS_MS;

  it("is Standard Webhooks' by default: now, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h", () => {
    const minutes = [1, 2, 3, 4, 5, 6, 7].map((retry) => retryDelayMs(retry, standard)! / 60_000);
    expect(minutes).toEqual([5 / 60, 5, 30, 120, 300, 600, 600]);
    // Eight attempts over about a day, then the delivery has failed for good.
    expect(retryDelayMs(8, standard)).toBeUndefined();
    const hours = standard.reduce((sum, ms) => sum + ms, 0) / 3_600_000;
    expect(hours).toBeGreaterThan(24);
    expect(hours).toBeLessThan(30);
  });

  it('is shortened by configuration, as the end-to-end tests do', () => {
    const short = parseConfig(jobsConfigShape, {
      WEBHOOK_RETRY_DELAYS_MS: '100,200',
    }).WEBHOOK_RETRY_DELAYS_MS;
    expect([retryDelayMs(1, short), retryDelayMs(2, short), retryDelayMs(3, short)]).toEqual([
      100,
      200,
      undefined,
    ]);
    expect(() => parseConfig(jobsConfigShape, { WEBHOOK_RETRY_DELAYS_MS: '5s,1m' })).toThrow(
      /WEBHOOK_RETRY_DELAYS_MS/,
    );
  });

  it('delivers on any 2xx, stops on 410 Gone, and retries everything else', () => {
    expect([200, 202, 204, 299].map(attemptOutcome)).toEqual([
      'delivered',
      'delivered',
      'delivered',
      'delivered',
    ]);
    expect(attemptOutcome(410)).toBe('gone');
    expect([301, 400, 404, 429, 500, 503].map(attemptOutcome)).toEqual(Array(6).fill('retry'));
  });
});

describe('a webhook message', () => {
  it('names the event of each way a job ends, and none while it runs', () => {
    expect(webhookEventFor('completed')).toBe('job.completed');
    expect(webhookEventFor('error')).toBe('job.failed');
    expect(webhookEventFor('cancelled')).toBe('job.cancelled');
    expect(webhookEventFor('waiting')).toBeUndefined();
    expect(webhookEventFor('processing')).toBeUndefined();
  });

  it('carries {type, timestamp, data} with the job as the API shows it', () => {
    const at = new Date('2026-03-01T12:00:00.000Z');
    expect(JSON.parse(webhookBody('job.completed', at, job))).toEqual({
      type: 'job.completed',
      timestamp: '2026-03-01T12:00:00.000Z',
      data: job,
    });
  });

  it('is signed so that the Standard Webhooks library verifies it, with every live secret', () => {
    const current = newWebhookSecret();
    const previous = newWebhookSecret();
    expect(current).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const id = newMessageId();
    expect(id).toMatch(/^msg_[0-9a-f]{32}$/);
    const body = webhookBody('job.completed', new Date(), job);
    const headers = signedHeaders(id, body, [current, previous], new Date());
    expect(headers['webhook-id']).toBe(id);
    expect(Number(headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -1);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    // A receiver holding either secret accepts it (the day after a rotation); a stranger's secret does not.
    for (const secret of [current, previous]) {
      expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    }
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(current).verify(body.replace('512', '513'), headers)).toThrow();
  });

  it('is refused by receivers once its timestamp is stale, so each retry is signed anew', () => {
    const secret = newWebhookSecret();
    const body = webhookBody('job.failed', new Date(), { ...job, status: 'error', images: [] });
    const old = signedHeaders(newMessageId(), body, [secret], new Date(Date.now() - 10 * 60_000));
    expect(() => new Webhook(secret).verify(body, old)).toThrow(/timestamp/i);
  });
});
