// Security headers on every answer (issue 17): helmet's fixed set, a Content-Security-Policy that depends on
// what is answered, HSTS only over HTTPS, and a Permissions-Policy (helmet sets none).
//
// The CSP helmet sends is the API's: nothing may run, load or frame. The HTML answers replace it with their
// own: each web page with pagePolicy() over its own served text (web.routes.ts), the API docs with
// DOCS_CSP, the test checkout and /files with theirs (payments.test-checkout.ts, files.routes.ts).
import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from './config.ts';

type Directives = Record<string, string[]>;

/** As helmet writes a policy, so that the same directives read the same whoever sent them. */
const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');

/** What every policy we send shares: no plugins, and never inside another page's frame (the admin console). */
const LOCKED: Directives = {
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** JSON, errors and anything else that is not a page: nothing to run, load, submit or frame. */
const API_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  ...LOCKED,
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};
export const API_CSP = serialize(API_DIRECTIVES);

/**
 * Swagger UI at /api/docs: its own scripts only. Its bundle draws its logo as an SVG with a <style> element
 * inside, so its styles need 'unsafe-inline'; the page shows nothing but our own OpenAPI document.
 */
export const DOCS_CSP = serialize({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  ...LOCKED,
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
});

/**
 * Denies the powerful features the app never uses, to its pages and anything they could ever embed.
 * Only names Chromium knows, so the console stays quiet.
 */
export const PERMISSIONS_POLICY = [
  'camera',
  'microphone',
  'geolocation',
  'payment',
  'usb',
  'serial',
  'hid',
  'midi',
  'display-capture',
  'accelerometer',
  'gyroscope',
  'magnetometer',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

const HSTS = 'max-age=31536000; includeSubDomains';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** An attribute value as the browser reads it (Chromium's serializer writes only these entities). */
const decodeAttribute = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&nbsp;', '\u00a0')
    .replaceAll('&amp;', '&');

/** The inline code of one HTML text: what its policy must allow by hash, since nothing inline runs otherwise. */
export function inlineCode(html: string): { scripts: string[]; styles: string[]; styleAttributes: string[] } {
  const contents = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((match) => match[1]!))];
  return {
    scripts: contents(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script\s*>/gi),
    styles: contents(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi),
    styleAttributes: contents(/<[a-z][^>]*?\sstyle="([^"]*)"/gi).map(decodeAttribute),
  };
}

export interface PagePolicyOptions {
  /** Origins images load from besides ours and https: (the bucket of presigned /files/ links over http). */
  imageOrigins?: string[];
}

/**
 * A web page's CSP, from the page's own served text: our scripts, plus the hashes of the page's inline
 * scripts (the theme script, the pre-rendered pages' start script), style elements (the style sheets
 * pre-rendering writes into the page) and style attributes. Style attributes in the markup need
 * 'unsafe-hashes' with their hashes; the ones React sets later go through the CSSOM, which CSP allows.
 */
export function pagePolicy(options: PagePolicyOptions = {}): (html: string) => string {
  return (html) => {
    const inline = inlineCode(html);
    return serialize({
      'default-src': ["'self'"],
      'script-src': ["'self'", ...inline.scripts.map(sha256)],
      'style-src-elem': ["'self'", ...inline.styles.map(sha256)],
      'style-src-attr':
        inline.styleAttributes.length > 0
          ? ["'unsafe-hashes'", ...inline.styleAttributes.map(sha256)]
          : ["'none'"],
      // Avatars may be any https link (spec: profile), OAuth providers' pictures among them.
      'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(options.imageOrigins ?? [])],
      'connect-src': ["'self'"],
      'worker-src': ["'self'"],
      ...LOCKED,
      'base-uri': ["'self'"],
      // Sign-in, checkout and OAuth leave the site by navigation, never by a form posted elsewhere.
      'form-action': ["'self'"],
    });
  };
}

/** The object store's settings that name the bucket origin of presigned /files/ links. */
export type PresignedLinkConfig = Partial<
  Pick<
    GatewayConfig,
    | 'FILES_REDIRECT'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ENDPOINT'
    | 'S3_PUBLIC_ENDPOINT'
    | 'S3_FORCE_PATH_STYLE'
  >
>;

/**
 * Where the browser is sent for /files/ bytes when FILES_REDIRECT=presigned: the bucket's origin, as the
 * S3 client addresses it (path style on the endpoint, or the bucket as a subdomain of it, or AWS's).
 */
export function presignedImageOrigins(config: PresignedLinkConfig): string[] {
  if (config.FILES_REDIRECT !== 'presigned' || !config.S3_BUCKET) return [];
  const endpoint = new URL(
    config.S3_PUBLIC_ENDPOINT ??
      config.S3_ENDPOINT ??
      `https://s3.${config.S3_REGION ?? 'us-east-1'}.amazonaws.com`,
  );
  if (config.S3_FORCE_PATH_STYLE) return [endpoint.origin];
  return [endpoint.origin, `${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}`];
}

export interface SecurityHeadersOptions {
  /** An https PUBLIC_URL means every answer is HTTPS to the browser, whatever the hop to us was. */
  publicUrl: string;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> {
  const alwaysHttps = new URL(options.publicUrl).protocol === 'https:';
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: API_DIRECTIVES },
    // Set below, over HTTPS only: over plain HTTP it means nothing, and a local install must stay reachable.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    // Same-origin everywhere but /files/ (below). Sign-in leaves by redirect, never by a popup, so COOP
    // same-origin costs nothing.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // The origin alone to other sites (OAuth providers and Stripe see where the visitor came from, never
    // the page); unlike no-referrer it keeps the Origin header on our own POSTs.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // request.protocol reads X-Forwarded-Proto only from the proxies TRUST_PROXY trusts.
    if (alwaysHttps || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // Generated images are meant to be shown elsewhere: the OpenAI-compatible API hands /files/ links to
    // other sites' apps and shared posts are embedded. Who may read a file is decided by the route (owner
    // or signed link), not by where it is embedded.
    if (request.url.startsWith('/files/')) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
}
