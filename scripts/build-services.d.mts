export const SERVICE_NAMES: string[];
export function staleServices(names?: string[]): string[];
export function buildServices(names?: string[], options?: { log?: (text: string) => void }): Promise<void>;
export function ensureServicesBuild(options?: { log?: (text: string) => void }): Promise<string[]>;
/** The files under each named service's src/ that ship (absolute paths), keyed by service name. */
export function shippedSources(names?: string[]): Promise<Map<string, string[]>>;
