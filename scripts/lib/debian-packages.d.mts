export function extractDebianPackages(
  packages: string[],
  work: string,
  into: string,
): Record<string, { version: string; sha256: string }>;
