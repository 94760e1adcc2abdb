// The built-in test provider's checkout page: small, self-contained HTML (inline CSS, no external assets),
// shown only in test mode. Its form posts back to the gateway, which asks billing to complete the checkout.
import { TEST_CARD_DISPLAY } from '@pictura/common/test-card';

export interface TestCheckoutView {
  checkoutId: string;
  planName: string;
  billingPeriod: string;
  amountCents: number;
  currency: string;
  status: string;
  cancelUrl: string;
  returnUrl: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const formatPrice = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

/** No script, no external anything: styles inline, forms only to this site. */
export const TEST_CHECKOUT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const STYLE = `
*{box-sizing:border-box}
:root{color-scheme:light dark;--bg:#f4f5fb;--card:#fff;--text:#1b1d29;--muted:#5b6075;--line:#d9dced;--accent:#5b4cf0;--accent-text:#fff;--warn:#8a5a00;--warn-bg:#fff4d6;--error:#b3261e}
@media (prefers-color-scheme:dark){:root{--bg:#12131a;--card:#1c1e29;--text:#eceef7;--muted:#a4a9c0;--line:#32364a;--accent:#8b80ff;--accent-text:#12131a;--warn:#ffd27a;--warn-bg:#3a2f12;--error:#ff8a80}}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:440px;background:var(--card);border:1px solid var(--line);border-radius:16px;padding:28px;box-shadow:0 10px 30px rgba(20,20,60,.08)}
.badge{display:inline-block;padding:2px 10px;border-radius:999px;background:var(--warn-bg);color:var(--warn);font-size:.78rem;font-weight:700;letter-spacing:.06em}
h1{font-size:1.35rem;margin:12px 0 4px}
.price{font-size:2rem;font-weight:700;margin:0}
.price small{font-size:1rem;font-weight:500;color:var(--muted)}
.hint{background:var(--bg);border:1px dashed var(--line);border-radius:10px;padding:12px 14px;margin:18px 0;font-size:.92rem}
.hint code{font-size:1rem;font-weight:700;letter-spacing:.04em}
label{display:block;font-weight:600;font-size:.9rem;margin:14px 0 6px}
input{width:100%;padding:11px 12px;border:1px solid var(--line);border-radius:10px;background:transparent;color:inherit;font:inherit}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.error{color:var(--error);font-weight:600;margin:14px 0 0}
.actions{display:flex;gap:12px;margin-top:22px}
button,.button{flex:1;padding:12px 16px;border-radius:10px;border:1px solid var(--line);font:inherit;font-weight:700;cursor:pointer;text-align:center;text-decoration:none;background:transparent;color:inherit}
button.pay,.button.pay{background:var(--accent);border-color:var(--accent);color:var(--accent-text)}
footer{margin-top:18px;color:var(--muted);font-size:.82rem;text-align:center}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Pictura</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
<footer>Pictura test mode: no real payment is made.</footer>
</main>
</body>
</html>`;
}

export function testCheckoutPage(view: TestCheckoutView, error?: string): string {
  const price = formatPrice(view.amountCents, view.currency);
  const per = view.billingPeriod === 'yearly' ? 'year' : 'month';
  const heading = `<span class="badge">TEST MODE</span>
<h1>Pictura ${escapeHtml(view.planName)}</h1>
<p class="price">${escapeHtml(price)} <small>/ ${per}, billed ${escapeHtml(view.billingPeriod)}</small></p>`;
  if (view.status === 'completed') {
    return page(
      'Checkout complete',
      `${heading}
<p>This checkout is already paid.</p>
<div class="actions"><a class="button pay" href="${escapeHtml(view.returnUrl)}">Continue</a></div>`,
    );
  }
  const action = `/payments/test-checkout/${encodeURIComponent(view.checkoutId)}`;
  return page(
    'Test checkout',
    `${heading}
<p class="hint">Use the test card <code>${TEST_CARD_DISPLAY}</code>.<br>Any expiry date and CVV are accepted.</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
  <label for="card">Card number</label>
  <input id="card" name="card_number" inputmode="numeric" autocomplete="cc-number" value="${TEST_CARD_DISPLAY}" required aria-describedby="card-error">
  <div class="row">
    <div><label for="expiry">Expiry (MM / YY)</label>
    <input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12 / 34" value="12 / 34"></div>
    <div><label for="cvc">CVV</label>
    <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" value="123"></div>
  </div>
  <p id="card-error" class="error" role="alert">${error ? escapeHtml(error) : ''}</p>
  <div class="actions">
    <button type="submit" name="action" value="pay" class="pay">Pay ${escapeHtml(price)}</button>
    <button type="submit" name="action" value="cancel">Cancel</button>
  </div>
</form>`,
  );
}

export function errorPage(status: number, message: string): string {
  return page(
    status === 404 ? 'Checkout not found' : 'Checkout unavailable',
    `<span class="badge">TEST MODE</span>
<h1>${status === 404 ? 'Checkout not found' : 'Checkout unavailable'}</h1>
<p role="alert">${escapeHtml(message)}</p>
<div class="actions"><a class="button" href="/">Back to Pictura</a></div>`,
  );
}
