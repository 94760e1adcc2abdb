import { type Static, Type } from 'typebox';
import { FreeText, PageLimit, SingleLineText } from '../text-schemas.ts';

const Id = (description: string) => SingleLineText({ maxLength: 256, description });

export const PlansBody = Type.Object({
  plans: Type.Array(
    Type.Object({
      id: Type.String({ description: 'free, premium, ultimate or enterprise' }),
      name: Type.String(),
      prices: Type.Array(
        Type.Object({
          billing_period: Type.String({ description: 'monthly or yearly' }),
          plan_id: Type.String({ description: '{plan}_{billing}, e.g. premium_monthly' }),
          amount_cents: Type.Integer(),
        }),
      ),
      features: Type.Array(Type.String(), { description: 'Feature keys the pricing page translates' }),
      contact_sales: Type.Boolean(),
      legacy_labels: Type.Array(Type.String(), {
        description: 'Old labels meaning this plan (starter, pro, business)',
      }),
    }),
  ),
  currency: Type.String(),
  yearly_saving_percent: Type.Integer(),
  test_mode: Type.Boolean({ description: 'The built-in test checkout is on' }),
});

export const CreateCheckoutBody = Type.Object(
  {
    product_id: SingleLineText({
      minLength: 1,
      maxLength: 64,
      description:
        'A plan_id (premium_monthly), or a plan (premium; old labels starter/pro map) with billing_period',
    }),
    test_mode: Type.Optional(Type.Boolean()),
    billing_period: Type.Optional(SingleLineText({ maxLength: 16, description: 'monthly or yearly' })),
    success_url: SingleLineText({
      maxLength: 2048,
      description: 'A path on this site, or an address on its origin',
    }),
    request_id: Type.Optional(
      SingleLineText({
        maxLength: 128,
        description: 'Idempotency key: the same user and request_id give the same checkout',
      }),
    ),
    no_auth: Type.Optional(
      Type.Boolean({
        description: "The spec's test-mode retry without sign-in; such a checkout activates nothing",
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateCheckoutBody = Static<typeof CreateCheckoutBody>;

export const CreateSessionBody = Type.Object(
  {
    amount: Type.Integer({
      minimum: 0,
      maximum: 10_000_000,
      description: 'Integer cents; must be the plan price',
    }),
    currency: SingleLineText({ maxLength: 8, description: 'USD' }),
    payment_method: SingleLineText({ maxLength: 32, description: 'The card payment provider, e.g. stripe' }),
    plan_id: SingleLineText({ minLength: 1, maxLength: 64 }),
    subscription: Type.Optional(Type.Literal(true, { description: 'Plans are subscriptions' })),
    meta_data: Type.Optional(
      Type.Object({
        plan_type: Type.Optional(SingleLineText({ maxLength: 32 })),
        billing: Type.Optional(SingleLineText({ maxLength: 16 })),
      }),
    ),
    success_url: Type.Optional(SingleLineText({ maxLength: 2048 })),
    request_id: Type.Optional(SingleLineText({ maxLength: 128 })),
    test_mode: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateSessionBody = Static<typeof CreateSessionBody>;

export const CheckoutUrlBody = Type.Object({ checkout_url: Type.String() });

export const ReturnParameters = Type.Object({
  checkout_id: Type.Optional(Id('From the payment return')),
  order_id: Type.Optional(Id('From the payment return')),
  customer_id: Type.Optional(Id('Empty for a checkout without an account')),
  subscription_id: Type.Optional(Id('Empty for a checkout without an account')),
  product_id: Type.Optional(Id('The plan_id bought')),
  request_id: Type.Optional(Id('From the payment return')),
  signature: Type.Optional(Id('HMAC-SHA256, hex')),
});
export type ReturnParameters = Static<typeof ReturnParameters>;

export const VerifyBody = Type.Object({
  valid: Type.Boolean(),
  message: Type.Optional(Type.String({ description: 'Why not, when not valid' })),
});

export const ResetBody = Type.Object(
  { test_mode: Type.Optional(Type.Boolean()), force_reset: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const SubscriptionBody = Type.Object({
  id: Type.Integer(),
  plan_id: Type.String(),
  plan_type: Type.String(),
  billing_period: Type.String(),
  status: Type.String({ description: 'active, past_due, canceled or expired' }),
  current_period_end: Type.Union([Type.String(), Type.Null()]),
  cancel_at_period_end: Type.Boolean(),
  created_at: Type.String(),
  provider: Type.String({ description: 'stripe or test' }),
});

export const PaymentBody = Type.Object({
  id: Type.Integer(),
  amount: Type.Integer({ description: 'Integer cents' }),
  currency: Type.String(),
  status: Type.String({ description: 'paid or failed' }),
  plan_id: Type.String(),
  order_id: Type.String(),
  subscription_id: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.String(),
  provider: Type.String(),
});

export const Page = (item: ReturnType<typeof Type.Object>) =>
  Type.Object({ items: Type.Array(item), next_cursor: Type.Union([Type.String(), Type.Null()]) });

export const PageQuery = Type.Object({
  cursor: Type.Optional(SingleLineText({ maxLength: 200 })),
  limit: Type.Optional(PageLimit(100)),
});

export const SubscriptionParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

export const UpgradeBody = Type.Object(
  { plan_id: SingleLineText({ minLength: 1, maxLength: 64, description: 'e.g. ultimate_yearly' }) },
  { additionalProperties: false },
);

export const SupportRequestInput = Type.Object(
  {
    kind: Type.Union([Type.Literal('sales'), Type.Literal('support')]),
    name: SingleLineText({ minLength: 1, maxLength: 100 }),
    email: SingleLineText({ minLength: 3, maxLength: 254 }),
    company: Type.Optional(SingleLineText({ maxLength: 100 })),
    message: FreeText({ minLength: 1, maxLength: 5000 }),
  },
  { additionalProperties: false },
);
export type SupportRequestInput = Static<typeof SupportRequestInput>;

export const SupportRequestBody = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  email: Type.String(),
  company: Type.String(),
  message: Type.String(),
  plan: Type.String({ description: "The sender's plan when they wrote" }),
  created_at: Type.String(),
  status: Type.Union([Type.Literal('new'), Type.Literal('answered')]),
  answered_at: Type.Union([Type.String(), Type.Null()]),
});

export const SupportRequestStatus = Type.Union([Type.Literal('new'), Type.Literal('answered')]);

/** The admin list: a page, optionally only new or only answered requests. */
export const SupportRequestsQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(SupportRequestStatus),
});

export const WebhookBody = Type.Object({ received: Type.Boolean(), duplicate: Type.Boolean() });
