import { type Algorithm, hash, verify } from '@node-rs/argon2';

// The package's const enum cannot be imported under isolatedModules; 2 is its Algorithm.Argon2id.
const ARGON2ID = 2 as Algorithm;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password or a malformed hash; never throws for either. */
  verify(hashed: string, password: string): Promise<boolean>;
}

/** argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane); the parameters travel inside each hash. */
export function createArgon2Hasher(
  options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
): PasswordHasher {
  return {
    hash: (password) => hash(password, { ...options, algorithm: ARGON2ID }),
    verify: (hashed, password) => verify(hashed, password).catch(() => false),
  };
}
