// A local HTTP server speaking the Stripe API shapes billing uses (customers, products, checkout sessions,
// subscriptions), for tests that run the real `stripe` SDK. It keeps objects in memory, honours
// Idempotency-Key like Stripe (same key, same answer), records every request, and can "pay" a session the
// way a customer on Stripe's page would.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  body: Json;
  idempotencyKey?: string;
}

export interface StripeStandIn {
  /** http://127.0.0.1:<port>, for STRIPE_API_BASE. */
  url: string;
  requests: RecordedRequest[];
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** What a customer paying on Stripe's page leads to: the session completes, a subscription starts. */
  paySession(sessionId: string, now?: number): { session: Json; subscription: Json; invoiceId: string };
  close(): Promise<void>;
}

/** Reads Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= nextIsIndex ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const MONTH_S = 30 * 24 * 3600;
const YEAR_S = 365 * 24 * 3600;

export async function startStripeStandIn(options: { secretKey: string }): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Json>();
  const products = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const replies = new Map<string, { status: number; body: Json }>();

  const notFound = (what: string) => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
  });

  function subscriptionItem(priceData: Json, now: number) {
    const interval = (priceData.recurring as Json | undefined)?.interval === 'year' ? 'year' : 'month';
    return {
      id: id('si'),
      object: 'subscription_item',
      current_period_start: now,
      current_period_end: now + (interval === 'year' ? YEAR_S : MONTH_S),
      price: {
        id: id('price'),
        object: 'price',
        currency: priceData.currency,
        product: priceData.product,
        unit_amount: Number(priceData.unit_amount),
        recurring: { interval },
      },
      quantity: 1,
    };
  }

  function handle(method: string, path: string, body: Json): { status: number; body: Json } {
    const now = Math.floor(Date.now() / 1000);
    const parts = path.split('/').filter(Boolean); // ['v1', ...]
    const [, resource, second, third] = parts;
    if (method === 'POST' && resource === 'customers' && !second) {
      const customer = { id: id('cus'), object: 'customer', created: now, metadata: body.metadata ?? {} };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (resource === 'products') {
      if (method === 'GET' && second)
        return products.has(second)
          ? { status: 200, body: products.get(second)! }
          : notFound(`product: '${second}'`);
      if (method === 'POST' && !second) {
        const productId = String(body.id ?? id('prod'));
        if (products.has(productId)) {
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'resource_already_exists',
                message: 'Product already exists',
              },
            },
          };
        }
        const product = { id: productId, object: 'product', name: body.name, active: true, created: now };
        products.set(productId, product);
        return { status: 200, body: product };
      }
    }
    if (resource === 'checkout' && second === 'sessions') {
      if (method === 'POST' && !third) {
        const sessionId = id('cs_test');
        const lineItem = (body.line_items as Json[] | undefined)?.[0] ?? {};
        const priceData = (lineItem.price_data as Json | undefined) ?? {};
        if (body.mode !== 'subscription' || !priceData.unit_amount || !body.success_url) {
          return {
            status: 400,
            body: { error: { type: 'invalid_request_error', message: 'Missing required param' } },
          };
        }
        const session = {
          id: sessionId,
          object: 'checkout.session',
          mode: body.mode,
          status: 'open',
          payment_status: 'unpaid',
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
          client_reference_id: body.client_reference_id ?? null,
          customer: body.customer ?? null,
          metadata: body.metadata ?? {},
          subscription_data: body.subscription_data ?? {},
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          amount_total: Number(priceData.unit_amount),
          currency: priceData.currency,
          line_item_price_data: priceData,
          subscription: null,
          invoice: null,
          created: now,
        };
        sessions.set(sessionId, session);
        return { status: 200, body: session };
      }
      if (method === 'GET' && third)
        return sessions.has(third)
          ? { status: 200, body: sessions.get(third)! }
          : notFound('checkout.session');
    }
    if (resource === 'subscriptions' && second) {
      const subscription = subscriptions.get(second);
      if (!subscription) return notFound(`subscription: '${second}'`);
      if (method === 'GET') return { status: 200, body: subscription };
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined)
          subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
        if (body.metadata)
          subscription.metadata = { ...(subscription.metadata as Json), ...(body.metadata as Json) };
        const items = body.items as Json[] | undefined;
        if (items?.[0]?.price_data) {
          (subscription.items as { data: Json[] }).data = [
            subscriptionItem(items[0].price_data as Json, now),
          ];
        }
        return { status: 200, body: subscription };
      }
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = parseStripeForm(req.method === 'GET' ? url.searchParams.toString() : text);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        body,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
      let reply: { status: number; body: Json };
      if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
        reply = {
          status: 401,
          body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
        };
      } else if (idempotencyKey && replies.has(`${req.method} ${url.pathname} ${idempotencyKey}`)) {
        reply = replies.get(`${req.method} ${url.pathname} ${idempotencyKey}`)!;
      } else {
        reply = handle(req.method ?? 'GET', url.pathname, body);
        if (idempotencyKey) replies.set(`${req.method} ${url.pathname} ${idempotencyKey}`, reply);
      }
      res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    sessions,
    subscriptions,
    paySession(sessionId, now = Math.floor(Date.now() / 1000)) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const invoiceId = id('in');
      const subscription = {
        id: id('sub'),
        object: 'subscription',
        status: 'active',
        customer: session.customer,
        cancel_at_period_end: false,
        metadata: (session.subscription_data as Json).metadata ?? {},
        items: { object: 'list', data: [subscriptionItem(session.line_item_price_data as Json, now)] },
        latest_invoice: invoiceId,
        created: now,
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        subscription: subscription.id,
        invoice: invoiceId,
      });
      return { session, subscription, invoiceId };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
