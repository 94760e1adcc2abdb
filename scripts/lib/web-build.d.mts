export function ensureWebBuild(options?: { log?: (text: string) => void }): boolean;
