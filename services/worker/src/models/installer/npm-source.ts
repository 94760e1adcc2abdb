// npm sources: the package tarball's address and integrity from the registry this machine uses (the one
// `npm run` passes as npm_config_registry), checked against the integrity the catalogue pinned, so a
// registry or mirror serving other bytes is refused before the download.
import type { NpmSource } from '@pictura/common/model-catalogue';
import { fetchFollowing, httpError } from './http-download.ts';
import { asInstallError, InstallError } from './install-error.ts';

export const DEFAULT_NPM_REGISTRY = 'https://registry.npmjs.org/';

export interface NpmTarball {
  url: string;
  integrity: string;
}

export function packumentUrl(registry: string, name: string): string {
  const base = registry.endsWith('/') ? registry : `${registry}/`;
  // Scoped names keep their '@' and escape the '/', as the npm CLI asks for them.
  return `${base}${name.startsWith('@') ? `@${encodeURIComponent(name.slice(1))}` : encodeURIComponent(name)}`;
}

export async function resolveNpmTarball(
  source: NpmSource,
  registry: string,
  fetchImpl: typeof fetch,
  signal?: AbortSignal,
): Promise<NpmTarball> {
  const label = `npm:${source.package}@${source.version}`;
  const url = packumentUrl(registry, source.package);
  let response: Response;
  try {
    response = await fetchFollowing(url, {
      headers: { accept: 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8' },
      fetch: fetchImpl,
      signal,
    });
  } catch (error) {
    throw asInstallError(error, `asking ${new URL(url).host} about ${label}`, signal);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw httpError(response.status, label, false);
  }
  let packument: { versions?: Record<string, { dist?: { tarball?: string; integrity?: string } }> };
  try {
    packument = (await response.json()) as typeof packument;
  } catch (error) {
    throw asInstallError(error, `reading ${label}`, signal);
  }
  const dist = packument.versions?.[source.version]?.dist;
  if (!dist?.tarball) throw new InstallError('not_found', `${label}: the registry has no such version`);
  if (dist.integrity !== source.integrity) {
    throw new InstallError(
      'checksum_mismatch',
      `${label}: the registry's integrity (${dist.integrity ?? 'none'}) is not the one the catalogue pinned`,
    );
  }
  return { url: new URL(dist.tarball, url).toString(), integrity: dist.integrity };
}
