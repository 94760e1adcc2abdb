// Hugging Face sources: what to download for a catalogue entry, and for any "hf:owner/name@revision" the
// Hub's own API says — the file list with sizes and checksums (tree API), the commit and the licence from
// the model card's metadata (revision API). Only the parts of the Optimum ONNX layout the pipeline reads are
// taken; PyTorch weights and other extras in the same repository are left on the Hub.
import type { ModelLicence } from '@pictura/common/model-manifest';
import { MODEL_ID_PATTERN } from '@pictura/common/model-manifest';
import { fetchFollowing, httpError } from './http-download.ts';
import { asInstallError, InstallError } from './install-error.ts';

export const DEFAULT_HF_ENDPOINT = 'https://huggingface.co';

export interface HfClient {
  endpoint: string;
  token?: string;
  fetch: typeof fetch;
  signal?: AbortSignal;
}

export interface HfFile {
  path: string;
  size: number;
  /** LFS files: the SHA-256 the Hub keeps as the LFS oid. */
  sha256?: string;
  /** Files kept in git itself: the git blob oid. */
  gitSha1?: string;
}

export interface HfSpec {
  repo: string;
  revision: string;
}

/**
 * Licences (the Hub's `license` ids, lower case) that allow commercial use. The OpenRAIL family allows it
 * under use-based restrictions that travel with the model; anything else, "other" included, is marked
 * non-commercial until an operator reads it.
 */
export const COMMERCIAL_LICENCES = [
  'mit',
  'apache-2.0',
  'bsd',
  'bsd-2-clause',
  'bsd-3-clause',
  'bsd-3-clause-clear',
  'isc',
  'unlicense',
  'cc0-1.0',
  'cc-by-4.0',
  'cc-by-sa-4.0',
  'openrail',
  'openrail++',
  'creativeml-openrail-m',
  'bigscience-openrail-m',
];

const OPTIMUM_FOLDER = /^(scheduler|tokenizer(_\d+)?|text_encoder(_\d+)?|unet|vae_decoder|vae_encoder)\//;
const OPTIMUM_FILE = /\.(onnx|onnx_data|json|txt|model)$/;
const REQUIRED = ['model_index.json', 'text_encoder/model.onnx', 'unet/model.onnx', 'vae_decoder/model.onnx'];

/** "hf:owner/name@revision" (revision optional: the default branch, pinned to its commit at install). */
export function parseHfSpec(spec: string): HfSpec {
  const match = /^hf:([\w.-]+\/[\w.-]+)(?:@([\w./-]+))?$/.exec(spec);
  if (!match) throw new InstallError('invalid', `"${spec}" is not of the form hf:owner/name@revision`);
  return { repo: match[1]!, revision: match[2] ?? 'main' };
}

/** The model id for a repository: its name, lower-cased, with anything else turned into '-'. */
export function modelIdForRepo(repo: string): string {
  const name = repo.split('/')[1]!.toLowerCase();
  const id = name
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 64);
  if (!MODEL_ID_PATTERN.test(id))
    throw new InstallError('invalid', `cannot make a model id from "${repo}"; choose one with --as <id>`);
  return id;
}

export function resolveUrl(endpoint: string, repo: string, revision: string, path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `${endpoint.replace(/\/+$/, '')}/${repo}/resolve/${encodeURIComponent(revision)}/${encoded}`;
}

async function getJson(
  client: HfClient,
  url: string,
  label: string,
): Promise<{ body: unknown; next?: string }> {
  let response: Response;
  try {
    response = await fetchFollowing(url, {
      headers: { accept: 'application/json' },
      token: client.token,
      tokenOrigin: new URL(client.endpoint).origin,
      fetch: client.fetch,
      signal: client.signal,
    });
  } catch (error) {
    throw asInstallError(error, `asking ${new URL(url).host} about ${label}`, client.signal);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw httpError(response.status, label, Boolean(client.token));
  }
  const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  try {
    return { body: await response.json(), next: next ? new URL(next, url).toString() : undefined };
  } catch (error) {
    throw asInstallError(error, `reading ${label}`, client.signal);
  }
}

interface TreeEntry {
  type: string;
  path: string;
  size: number;
  oid?: string;
  lfs?: { oid: string; size: number };
}

interface RevisionInfo {
  sha?: string;
  cardData?: { license?: string | string[]; license_name?: string; license_link?: string };
}

/** Licence from the model card metadata; "other" with a license_name (e.g. sai-nc-community) names it. */
export function licenceFromCard(
  card: RevisionInfo['cardData'],
  repo: string,
  endpoint: string,
  sha: string,
): ModelLicence {
  const raw = Array.isArray(card?.license) ? card?.license[0] : card?.license;
  const id = (raw ?? '').toLowerCase();
  const name = id === 'other' && card?.license_name ? card.license_name : raw || 'unknown';
  const base = `${endpoint.replace(/\/+$/, '')}/${repo}`;
  let url = base;
  if (card?.license_link) {
    url = /^https?:\/\//.test(card.license_link)
      ? card.license_link
      : `${base}/blob/${sha}/${card.license_link}`;
  }
  return { name, url, commercialUse: COMMERCIAL_LICENCES.includes(id) };
}

/** The commit, licence and Optimum files of a repository revision, as the Hub reports them. */
export async function describeHfRepo(
  client: HfClient,
  spec: HfSpec,
): Promise<{ sha: string; licence: ModelLicence; files: HfFile[] }> {
  const api = `${client.endpoint.replace(/\/+$/, '')}/api/models/${spec.repo}`;
  const label = `hf:${spec.repo}@${spec.revision}`;
  const info = (await getJson(client, `${api}/revision/${encodeURIComponent(spec.revision)}`, label))
    .body as RevisionInfo;
  const sha = info.sha && /^[0-9a-f]{40}$/.test(info.sha) ? info.sha : spec.revision;
  const entries: TreeEntry[] = [];
  let page: string | undefined = `${api}/tree/${encodeURIComponent(sha)}?recursive=true`;
  while (page) {
    const { body, next } = await getJson(client, page, `${label} file list`);
    if (!Array.isArray(body))
      throw new InstallError('invalid', `${label}: the Hub's file list is not a list`);
    entries.push(...(body as TreeEntry[]));
    page = next;
  }
  const files = entries
    .filter((e) => e.type === 'file')
    .filter(
      (e) => e.path === 'model_index.json' || (OPTIMUM_FOLDER.test(e.path) && OPTIMUM_FILE.test(e.path)),
    )
    .map(
      (e): HfFile =>
        e.lfs
          ? { path: e.path, size: e.lfs.size, sha256: e.lfs.oid }
          : { path: e.path, size: e.size, gitSha1: e.oid },
    );
  const missing = REQUIRED.filter((path) => !files.some((f) => f.path === path));
  if (missing.length) {
    throw new InstallError(
      'invalid',
      `${label} is not a Stable Diffusion export in the Optimum ONNX layout (missing ${missing.join(', ')})`,
    );
  }
  return { sha, licence: licenceFromCard(info.cardData, spec.repo, client.endpoint, sha), files };
}
