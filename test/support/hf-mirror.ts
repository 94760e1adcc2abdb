// A loopback stand-in for the Hugging Face Hub, speaking the parts of its protocol the model installer
// uses: the revision API (commit, model card metadata, siblings), the recursive tree API (sizes, git oids,
// LFS SHA-256), and downloads by `/{repo}/resolve/{rev}/{path}`: small files served directly, LFS files
// answered with a 302 to a CDN path (on the same server, or on a second port for a foreign origin) that
// honours Range, ETag and If-Range. Gated repositories answer 401 without the right bearer token. A switch
// cuts the next download after N bytes by destroying the socket, and every request is logged.
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';

export interface MirrorRequest {
  server: 'hub' | 'cdn';
  method: string;
  path: string;
  range?: string;
  ifRange?: string;
  authorization: boolean;
  status: number;
}

export interface MirrorRepoOptions {
  /** The model card's `license` (and `license_name` for "other"). */
  license?: string;
  licenseName?: string;
  /** Only this bearer token may download (401 otherwise). */
  gatedToken?: string;
  /** Commit hash; random when left out. */
  sha?: string;
  /** Claims another SHA-256 for these LFS files in the tree API (a tampered or corrupt mirror). */
  wrongSha256?: string[];
}

interface Repo {
  sha: string;
  files: Map<string, Buffer>;
  options: MirrorRepoOptions;
}

export interface HfMirror {
  /** http://127.0.0.1:<port>, for HF_ENDPOINT. */
  url: string;
  requests: MirrorRequest[];
  addRepo(repo: string, files: Record<string, Buffer | string>, options?: MirrorRepoOptions): string;
  /** Adds every file of a folder (e.g. one writeTinySdFolder built); returns the commit hash. */
  addRepoFromFolder(repo: string, dir: string, options?: MirrorRepoOptions): Promise<string>;
  /** Replaces a file's content (its ETag changes, as a new commit on the CDN would). */
  setFile(repo: string, path: string, content: Buffer | string): void;
  fileOf(repo: string, path: string): Buffer;
  /**
   * The next download (of `path`, when given) sends this many body bytes, then the connection drops (after
   * `beforeCut` resolves, e.g. once the client has written those bytes).
   */
  cutNextDownloadAfter(bytes: number, path?: string, beforeCut?: () => Promise<void>): void;
  close(): Promise<void>;
}

/** Files the Hub keeps in LFS (everything big and binary); the rest lives in git. */
const isLfs = (path: string) => /\.(onnx|onnx_data|safetensors|bin|ckpt|pb)$/.test(path);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const gitOid = (data: Buffer) =>
  createHash('sha1').update(`blob ${data.length}\0`).update(data).digest('hex');

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function startHfMirror(options: { separateCdn?: boolean } = {}): Promise<HfMirror> {
  const repos = new Map<string, Repo>();
  const requests: MirrorRequest[] = [];
  let cut: { bytes: number; path?: string; beforeCut?: () => Promise<void> } | undefined;

  const findRepo = (name: string, rev: string) => {
    const repo = repos.get(name);
    return repo && (rev === 'main' || rev === repo.sha) ? repo : undefined;
  };

  function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  /** Serves bytes with ETag, Range and If-Range as the Hub's CDN does. */
  function serveContent(
    req: IncomingMessage,
    res: ServerResponse,
    content: Buffer,
    etag: string,
    file: string,
  ) {
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    const ifRange = req.headers['if-range'];
    let start = 0;
    let end = content.length - 1;
    let partial = false;
    if (range && (!ifRange || ifRange === etag)) {
      start = Number(range[1]);
      end = range[2] ? Math.min(Number(range[2]), end) : end;
      if (start >= content.length) {
        res.writeHead(416, { 'content-range': `bytes */${content.length}` });
        res.end();
        return 416;
      }
      partial = true;
    }
    const body = content.subarray(start, end + 1);
    res.writeHead(partial ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'content-length': String(body.length),
      'accept-ranges': 'bytes',
      etag,
      ...(partial ? { 'content-range': `bytes ${start}-${end}/${content.length}` } : {}),
    });
    if (cut && req.method === 'GET' && (!cut.path || cut.path === file)) {
      const keep = Math.min(cut.bytes, body.length);
      const beforeCut = cut.beforeCut;
      cut = undefined;
      res.flushHeaders();
      // A client drops bytes still queued in its stream when the connection errors; waiting until the test
      // sees them on disk makes the cut land at a known point.
      res.write(body.subarray(0, keep), () => {
        void Promise.resolve(beforeCut?.()).finally(() => res.socket?.destroy());
      });
      return partial ? 206 : 200;
    }
    res.end(req.method === 'HEAD' ? undefined : body);
    return partial ? 206 : 200;
  }

  function tree(repo: Repo) {
    const entries: unknown[] = [];
    const folders = new Set<string>();
    for (const [path, data] of [...repo.files].sort(([a], [b]) => a.localeCompare(b))) {
      const parts = path.split('/');
      for (let i = 1; i < parts.length; i++) {
        const folder = parts.slice(0, i).join('/');
        if (!folders.has(folder)) {
          folders.add(folder);
          entries.push({ type: 'directory', oid: gitOid(Buffer.from(folder)), size: 0, path: folder });
        }
      }
      const lfs = isLfs(path)
        ? {
            lfs: {
              oid: repo.options.wrongSha256?.includes(path) ? sha256(Buffer.from('tampered')) : sha256(data),
              size: data.length,
              pointerSize: 134,
            },
          }
        : {};
      // An LFS file's git oid is that of its pointer file; its `size` is the real size, as on the Hub.
      entries.push({
        type: 'file',
        oid: gitOid(lfs.lfs ? Buffer.from(`lfs ${path}`) : data),
        size: data.length,
        path,
        ...lfs,
      });
    }
    return entries;
  }

  function hub(req: IncomingMessage, res: ServerResponse, base: () => string): number {
    const url = new URL(req.url ?? '/', 'http://mirror');
    const path = decodeURIComponent(url.pathname);
    const api = /^\/api\/models\/([^/]+\/[^/]+)\/(revision|tree)\/([^/]+)$/.exec(path);
    if (api) {
      const repo = findRepo(api[1]!, api[3]!);
      if (!repo) {
        json(res, 404, { error: 'Repository not found' }, { 'x-error-code': 'RepoNotFound' });
        return 404;
      }
      if (api[2] === 'tree') {
        json(res, 200, tree(repo));
        return 200;
      }
      json(res, 200, {
        id: api[1],
        sha: repo.sha,
        gated: repo.options.gatedToken ? 'manual' : false,
        cardData: {
          license: repo.options.license,
          ...(repo.options.licenseName
            ? { license_name: repo.options.licenseName, license_link: 'LICENSE.md' }
            : {}),
        },
        siblings: [...repo.files.keys()].map((rfilename) => ({ rfilename })),
      });
      return 200;
    }
    const resolve = /^\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(path);
    if (resolve) {
      const [, name, rev, file] = resolve;
      const repo = findRepo(name!, rev!);
      const content = repo?.files.get(file!);
      if (!repo || !content) {
        json(res, 404, { error: 'Entry not found' }, { 'x-error-code': 'EntryNotFound' });
        return 404;
      }
      if (repo.options.gatedToken && req.headers.authorization !== `Bearer ${repo.options.gatedToken}`) {
        json(res, 401, { error: 'Access to this model is restricted' }, { 'x-error-code': 'GatedRepo' });
        return 401;
      }
      if (!isLfs(file!)) return serveContent(req, res, content, `"${gitOid(content)}"`, file!);
      const signature = randomBytes(6).toString('hex');
      res.writeHead(302, {
        location: `${base()}/cdn/${name}/${encodeURIComponent(file!)}?Signature=${signature}`,
        'x-linked-etag': `"${sha256(content)}"`,
        'x-linked-size': String(content.length),
      });
      res.end();
      return 302;
    }
    const served = cdn(req, res);
    if (served !== undefined) return served;
    json(res, 404, { error: 'Not found' });
    return 404;
  }

  function cdn(req: IncomingMessage, res: ServerResponse): number | undefined {
    const url = new URL(req.url ?? '/', 'http://mirror');
    const match = /^\/cdn\/([^/]+\/[^/]+)\/([^/]+)$/.exec(url.pathname);
    if (!match) return undefined;
    const file = decodeURIComponent(match[2]!);
    const content = repos.get(decodeURIComponent(match[1]!))?.files.get(file);
    if (!content) {
      res.writeHead(404).end();
      return 404;
    }
    return serveContent(req, res, content, `"${sha256(content)}"`, file);
  }

  const record = (server: 'hub' | 'cdn', req: IncomingMessage, status: number) =>
    requests.push({
      server,
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      range: req.headers.range,
      ifRange: req.headers['if-range'] as string | undefined,
      authorization: Boolean(req.headers.authorization),
      status,
    });

  let cdnUrl = '';
  const hubServer = createServer((req, res) =>
    record(
      'hub',
      req,
      hub(req, res, () => cdnUrl),
    ),
  );
  const url = await listen(hubServer);
  cdnUrl = url;
  let cdnServer: Server | undefined;
  if (options.separateCdn) {
    cdnServer = createServer((req, res) => {
      const served = cdn(req, res);
      if (served === undefined) res.writeHead(404).end();
      record('cdn', req, served ?? 404);
    });
    cdnUrl = await listen(cdnServer);
  }

  const mirror: HfMirror = {
    url,
    requests,
    addRepo(name, files, repoOptions = {}) {
      const sha = repoOptions.sha ?? randomBytes(20).toString('hex');
      repos.set(name, {
        sha,
        options: repoOptions,
        files: new Map(Object.entries(files).map(([p, d]) => [p, Buffer.from(d)])),
      });
      return sha;
    },
    async addRepoFromFolder(name, dir, repoOptions) {
      const files: Record<string, Buffer> = {};
      for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
        if (!entry.isFile()) continue;
        const full = join(entry.parentPath, entry.name);
        files[relative(dir, full)] = await readFile(full);
      }
      return mirror.addRepo(name, files, repoOptions);
    },
    setFile(name, path, content) {
      repos.get(name)!.files.set(path, Buffer.from(content));
    },
    fileOf(name, path) {
      return repos.get(name)!.files.get(path)!;
    },
    cutNextDownloadAfter(bytes, path, beforeCut) {
      cut = { bytes, path, beforeCut };
    },
    async close() {
      for (const server of [hubServer, cdnServer]) {
        if (!server) continue;
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
  return mirror;
}
