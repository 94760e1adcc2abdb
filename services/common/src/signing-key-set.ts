// AUTH_SIGNING_KEYS, the keys auth signs session tokens with: a JSON array of private keys (PKCS#8 PEM
// strings or private JWKs, Ed25519 or P-256), or one PEM. The first key signs; every key verifies, so a new
// key put in front of the old ones changes the signer without logging anyone out, and an old key can go
// once the sessions it signed have expired. Auth reads the value; the operator's CLI makes and rotates it
// (gateway admin.cli.ts), which is why this lives here and not in auth.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';

export type SigningKeyFormat = 'pem' | 'jwk';
type KeyItem = string | JsonWebKey;

function itemsOf(value: string): KeyItem[] {
  const trimmed = value.trim();
  const items: unknown = trimmed.startsWith('-----') ? [trimmed] : JSON.parse(trimmed);
  if (!Array.isArray(items) || items.length === 0) {
    throw new Error('AUTH_SIGNING_KEYS must list at least one key');
  }
  return items as KeyItem[];
}

function keyOf(item: KeyItem): KeyObject {
  return typeof item === 'string'
    ? createPrivateKey(item)
    : createPrivateKey({ key: item as JsonWebKey, format: 'jwk' });
}

export function signingAlgorithmOf(key: KeyObject): 'EdDSA' | 'ES256' {
  if (key.asymmetricKeyType === 'ed25519') return 'EdDSA';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  throw new Error(`signing keys must be Ed25519 or P-256, not ${key.asymmetricKeyType}`);
}

/** The private keys of an AUTH_SIGNING_KEYS value, signer first. Throws on anything else. */
export function parseSigningKeys(value: string): KeyObject[] {
  return itemsOf(value).map(keyOf);
}

/** The `kid` auth gives a key: the RFC 7638 thumbprint of its public JWK. */
export function keyIdOf(key: KeyObject): string {
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  // The required members only, in lexicographic order, as RFC 7638 specifies.
  const members =
    jwk.kty === 'EC'
      ? { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }
      : { crv: jwk.crv, kty: jwk.kty, x: jwk.x };
  return createHash('sha256').update(JSON.stringify(members)).digest('base64url');
}

/** Each item's kid; throws on a key auth could not use. */
function checkedIds(items: KeyItem[]): string[] {
  return items.map((item) => {
    const key = keyOf(item);
    signingAlgorithmOf(key);
    return keyIdOf(key);
  });
}

function newKeyItem(format: SigningKeyFormat): KeyItem {
  const { privateKey } = generateKeyPairSync('ed25519');
  return format === 'pem'
    ? (privateKey.export({ format: 'pem', type: 'pkcs8' }) as string)
    : privateKey.export({ format: 'jwk' });
}

/**
 * A value with one new Ed25519 key. Either format is one line: the PEM's line breaks are escaped inside
 * the JSON string; a JWK has none (simplest in a .env file).
 */
export function newSigningKeys(format: SigningKeyFormat = 'pem'): { value: string; kid: string } {
  const item = newKeyItem(format);
  return { value: JSON.stringify([item]), kid: keyIdOf(keyOf(item)) };
}

export interface SigningKeyRotation {
  value: string;
  /** The new key's kid. */
  added: string;
  /** The current keys kept, signer first: they still verify the sessions they signed. */
  kept: string[];
  /** The keys left out (beyond `keep`): sessions they signed end. */
  dropped: string[];
}

/**
 * Adds a new key to the current ones. By default it goes in front and signs from the next restart. With
 * `stage` it goes behind the current signer: it verifies everywhere first, and promoteSigningKey() makes it
 * the signer later. With several auth replicas that order matters: while replicas restart one by one, a
 * replica still on the old value would not know a key that a restarted one already signs with, and the
 * gateway may ask either for the public keys.
 *
 * `keep` limits how many current keys stay (all by default; 0 ends every session, for a key that leaked).
 * The new key takes the current signer's format unless told otherwise; kept keys are copied as written.
 */
export function rotateSigningKeys(
  current: string,
  options: { keep?: number; format?: SigningKeyFormat; stage?: boolean } = {},
): SigningKeyRotation {
  const items = itemsOf(current);
  const ids = checkedIds(items);
  const keep = options.keep ?? items.length;
  if (!Number.isInteger(keep) || keep < 0) throw new Error('keep must be a whole number, 0 or more');
  if (options.stage && keep === 0)
    throw new Error('a staged key goes behind the current signer: keep at least 1');
  const fresh = newKeyItem(options.format ?? (typeof items[0] === 'string' ? 'pem' : 'jwk'));
  const kept = items.slice(0, keep);
  const value = options.stage ? [kept[0], fresh, ...kept.slice(1)] : [fresh, ...kept];
  return {
    value: JSON.stringify(value),
    added: keyIdOf(keyOf(fresh)),
    kept: ids.slice(0, keep),
    dropped: ids.slice(keep),
  };
}

/** Makes the second key (a staged one) the signer; the previous signer stays behind it to verify. */
export function promoteSigningKey(current: string): { value: string; signer: string; previous: string } {
  const items = itemsOf(current);
  const [signer, next] = checkedIds(items);
  if (signer === undefined || next === undefined) throw new Error('there is no second key to promote');
  return { value: JSON.stringify([items[1], items[0], ...items.slice(2)]), signer: next, previous: signer };
}
