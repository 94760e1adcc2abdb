// Which webhook URLs a user may give us. Checked where the URL comes in (gateway, jobs, auth) without DNS:
// the syntax, and a host that is an IP literal in a refused range. A DNS name is judged again at every
// delivery by the guarded fetcher, which resolves it and checks each address (a name may re-resolve).
import { addressBlockReason, hostnameBlockReason } from './address-policy.ts';

export const WEBHOOK_URL_MAX_LENGTH = 2048;

export interface WebhookUrlRefusal {
  error: 'webhook_url_refused';
  message: string;
}

const refusal = (message: string): WebhookUrlRefusal => ({ error: 'webhook_url_refused', message });

/** Why this webhook URL is refused, or null when it may be stored (an empty string means "none"). */
export function webhookUrlRefusal(
  input: string,
  options: { allowLoopback?: boolean } = {},
): WebhookUrlRefusal | null {
  if (input === '') return null;
  if (input.length > WEBHOOK_URL_MAX_LENGTH) {
    return refusal(`webhook_url must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return refusal('webhook_url is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refusal('webhook_url must be an http or https URL');
  }
  if (url.username !== '' || url.password !== '') {
    return refusal('webhook_url may not carry a user name or password');
  }
  // The WHATWG parser has already turned 2130706433, 0x7f.1 and the like into dotted quads.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const allowLoopback = options.allowLoopback === true;
  const literal = addressBlockReason(host, { allowLoopback });
  if (literal !== null && literal !== 'not_an_ip') {
    return refusal('webhook_url points to an address that is not allowed');
  }
  // Names the fetcher refuses before resolving them (metadata, localhost, cluster names) fail here too.
  if (literal === 'not_an_ip' && hostnameBlockReason(host) !== null) {
    return refusal('webhook_url points to an address that is not allowed');
  }
  return null;
}
