// The webhook URL of a job submission: the one the body names, else the calling API key's default. Refused
// at the edge when its host is a literal address in a refused range (no DNS here: a name is checked at every
// delivery by the guarded fetcher); the jobs service checks it again before storing it.
import { AppError } from '@pictura/common/app-error';
import { type WebhookUrlRefusal, webhookUrlRefusal } from '@pictura/common/webhook-url';
import type { FastifyRequest } from 'fastify';

/** The URL to store ('' for none), or why it is refused. */
export function checkSubmissionWebhookUrl(
  request: FastifyRequest,
  named: string | undefined,
  options: { allowLoopback: boolean },
): { url: string } | WebhookUrlRefusal {
  // Naming "" turns the key's default off for this call.
  const url = named === undefined ? (request.viewer.apiKeyWebhookUrl ?? '') : named.trim();
  return webhookUrlRefusal(url, options) ?? { url };
}

/** As checkSubmissionWebhookUrl, throwing AppError (400 webhook_url_refused) for a refused URL. */
export function submissionWebhookUrl(
  request: FastifyRequest,
  named: string | undefined,
  options: { allowLoopback: boolean },
): string {
  const checked = checkSubmissionWebhookUrl(request, named, options);
  if ('error' in checked) throw new AppError('invalid_argument', checked.message, checked.error);
  return checked.url;
}
