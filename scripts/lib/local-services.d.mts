export class MissingPrerequisite extends Error {}
export interface LocalServer {
  url: string;
  started: boolean;
  stop(): Promise<void>;
}
export function isListening(host: string, port: number, timeoutMs?: number): Promise<boolean>;
export function redisAnswers(url: string, timeoutMs?: number): Promise<boolean>;
export function freePort(): Promise<number>;
export function ensureRedis(options?: {
  url?: string;
  dataDir?: string;
  log?: (text: string) => void;
}): Promise<LocalServer>;
export function ensurePostgres(options?: {
  url?: string;
  log?: (text: string) => void;
}): Promise<LocalServer>;
export interface RestartableServer {
  url: string;
  /** Takes the server down (its data stays). */
  down(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Brings it back on the same port and data. */
  up(): Promise<void>;
  stop(): Promise<void>;
}
export function startPrivateRedis(options?: {
  dataDir?: string;
  persistent?: boolean;
  url?: string;
}): Promise<RestartableServer>;
export function startPrivatePostgres(options?: {
  url?: string;
  durable?: boolean;
}): Promise<RestartableServer>;
