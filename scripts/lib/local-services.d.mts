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
