/**
 * A stand-in for GitHub on loopback: one server for the two GitHub hosts the CMS sign-in and the CMS talk to,
 * answering as they do, including their errors. Used by test/unit/cms-oauth.test.ts (in Node),
 * test/owner/cms.test.ts (edge/cms/oauth.ts in Cloudflare's runtime) and cms-sign-in.test.ts (the whole
 * sign-in and a publish in Chromium).
 *
 *   github.com (edge/cms/oauth.ts's GITHUB_OAUTH_ORIGIN)
 *     GET  /login/oauth/authorize     the consent page, already accepted: 302 back to `redirect_uri` with
 *                                     the app's `code` and the `state` it was given (GitHub's error page for
 *                                     an unknown client_id)
 *     POST /login/oauth/access_token  `token` for the one `code` issued to the app with `secret`
 *   api.github.com (a browser reaches it through `answerGitHubApi`; workerd through a *_API_ORIGIN variable)
 *     DELETE /applications/:client_id/token
 *                                     revokes one token of the app (GitHub's "Delete an app token"): basic auth
 *                                     with the app's client id and secret, `{ access_token }` in the body;
 *                                     204 and the token is dead (401 "Bad credentials" from then on, until the
 *                                     code is exchanged again, where GitHub would issue a new one); 404 for
 *                                     wrong app credentials or a token it does not know (revoked already),
 *                                     401 without credentials, 422 without `access_token`, as GitHub answers
 *     GET  /user                      the signed-in user of the token (401 "Bad credentials" otherwise)
 *     GET  /repos/:owner/:repo        the repository, with `permissions.push` as the user has it
 *     GET  /repos/…/branches/:branch, /git/trees/:rev[:folder] (?recursive=1), /git/blobs/:sha,
 *          /commits?path=&sha=        reads of the one repository in memory
 *     POST /repos/…/git/blobs, /git/trees, /git/commits; PATCH /repos/…/git/refs/heads/:branch
 *                                     the writes of a commit (Decap's simple workflow), as Git objects
 *     OPTIONS *                       CORS preflight, as GitHub answers it; every answer carries its CORS headers
 *
 * The repository is seeded from a folder (e.g. the project's content/ under `content/`) as one commit. Every
 * request is recorded (`requests`, `tokenRequests`, `authorizeRequests`) and every commit too (`commits`), so a
 * test reads what was sent and what the branch holds after a publish (`readFile`).
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { HTTPRequest } from 'puppeteer-core'

/** A GitHub account the stand-in knows, by its OAuth token. */
export interface StandInUser {
  login: string
  name: string
  token: string
  /** Write access to the repository (`permissions.push`). */
  push: boolean
}

export interface StandInRepository {
  /** owner/name */
  fullName: string
  /** The default branch (default main). */
  branch?: string
  /** The files of the first commit: every file of this folder… */
  seedDir: string
  /** …placed under this folder of the repository (e.g. `content`; default the root). */
  under?: string
}

export interface StandInOptions {
  /** The OAuth app: its client id (any when omitted), its secret, the one code it issues and its token. */
  clientId?: string
  secret: string
  code: string
  token: string
  /** Accounts by token; default one owner with push access holding `token`. */
  users?: StandInUser[]
  repository?: StandInRepository
}

export interface RecordedRequest {
  method: string
  /** Path and query, as sent. */
  url: string
  authorization?: string
  /** The parsed JSON body of a write, or undefined. */
  body?: unknown
  /** The status the stand-in answered. */
  status?: number
}

/** One `DELETE /applications/:client_id/token`, as GitHub received it. */
export interface StandInRevocation {
  clientId: string
  /** The token the body named (undefined when it named none). */
  token?: string
  /** Whether the basic auth was the app's own client id and secret. */
  appCredentials: boolean
  status: number
}

export interface StandInCommit {
  sha: string
  message: string
  parents: string[]
  tree: string
  /** Paths whose content differs from the first parent's. */
  changed: string[]
}

export interface GitHubStandIn {
  origin: string
  /** The JSON bodies sent to the token endpoint, in order. */
  tokenRequests: Record<string, string>[]
  /** The query of every consent-page visit, in order. */
  authorizeRequests: Record<string, string>[]
  /** Every API request (not OAuth, not CORS preflights), in order. */
  requests: RecordedRequest[]
  /** Every revoke of a token (DELETE /applications/:client_id/token), in order. */
  revocations: StandInRevocation[]
  /**
   * GitHub failing: the next revokes answer this status with GitHub's error body instead (e.g. 503), until set
   * back to undefined.
   */
  revocationOutage?: number
  /** Commits made through the API (the seed commit is not one of them), in order. */
  commits: StandInCommit[]
  /** A file's text on a branch (default the repository's), or undefined. */
  readFile(filePath: string, branch?: string): string | undefined
  /** Back to the seed commit, with every record emptied (one stand-in for several tests in a row). */
  reset(): void
  close(): Promise<void>
}

/** The headers api.github.com sends on every answer to a browser (CORS for any origin, no cookies). */
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset',
}
/** api.github.com's answer to a preflight (204, any method and the headers a client sends). */
const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE',
  'Access-Control-Allow-Headers':
    'Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, Accept-Encoding, X-GitHub-OTP, X-Requested-With, User-Agent, GraphQL-Features, X-Github-Next-Global-ID, X-GitHub-Api-Version',
  'Access-Control-Max-Age': '86400',
  Vary: 'Accept-Encoding, Accept, X-Requested-With',
}
const DOCS = 'https://docs.github.com/rest'
/** The body of GitHub's REST error answers. */
const failure = (status: number, message: string) => ({
  message,
  documentation_url: DOCS,
  status: String(status),
})

const sha1 = (data: string | Buffer) => createHash('sha1').update(data).digest('hex')
/** Git's own blob id, so a test can compare with `git hash-object`. */
const blobSha = (content: Buffer) => sha1(Buffer.concat([Buffer.from(`blob ${content.length}\0`), content]))

/** Every file of a folder, recursively, by its path relative to `root` with `/` separators. */
function filesOf(root: string, dir = root): [string, Buffer][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return filesOf(root, full)
    return [[path.relative(root, full).split(path.sep).join('/'), readFileSync(full)] as [string, Buffer]]
  })
}

/** A Git repository in memory: blobs by sha, trees as whole path → blob maps, commits, branches. */
class MemoryRepository {
  blobs = new Map<string, Buffer>()
  trees = new Map<string, Map<string, string>>()
  commits = new Map<string, { message: string; tree: string; parents: string[]; date: string }>()
  branches = new Map<string, string>()

  constructor(readonly settings: StandInRepository) {
    const files = new Map<string, string>()
    for (const [name, content] of filesOf(settings.seedDir)) {
      const filePath = settings.under ? `${settings.under.replace(/\/+$/, '')}/${name}` : name
      files.set(filePath, this.putBlob(content))
    }
    const tree = this.putTree(files)
    this.seed = this.putCommit('Contenido inicial', tree, [])
    this.branches.set(this.branch, this.seed)
  }

  readonly seed: string

  get branch() {
    return this.settings.branch ?? 'main'
  }

  putBlob(content: Buffer): string {
    const sha = blobSha(content)
    this.blobs.set(sha, content)
    return sha
  }

  putTree(files: Map<string, string>): string {
    const sha = sha1(`tree ${JSON.stringify([...files].sort())}`)
    this.trees.set(sha, files)
    return sha
  }

  putCommit(message: string, tree: string, parents: string[]): string {
    const date = new Date().toISOString()
    const sha = sha1(`commit ${tree} ${parents.join(' ')} ${date} ${message} ${this.commits.size}`)
    this.commits.set(sha, { message, tree, parents, date })
    return sha
  }

  /** A branch name, a commit sha or a tree sha → the tree's files. */
  filesAt(rev: string): Map<string, string> | undefined {
    const commit = this.commits.get(this.branches.get(rev) ?? rev)
    return this.trees.get(commit ? commit.tree : rev)
  }
}

/** The entries of `folder` in a tree, as GitHub lists them: blobs and subtrees, or every blob when recursive. */
function listTree(repo: MemoryRepository, files: Map<string, string>, folder: string, recursive: boolean) {
  const prefix = folder ? `${folder}/` : ''
  const entries = new Map<string, { path: string; type: 'blob' | 'tree'; sha: string; size?: number }>()
  for (const [filePath, sha] of files) {
    if (!filePath.startsWith(prefix)) continue
    const rest = filePath.slice(prefix.length)
    const parts = rest.split('/')
    if (recursive || parts.length === 1)
      entries.set(rest, { path: rest, type: 'blob', sha, size: repo.blobs.get(sha)?.length ?? 0 })
    for (let depth = 1; depth < parts.length && (recursive || depth === 1); depth++) {
      const dir = parts.slice(0, depth).join('/')
      entries.set(dir, { path: dir, type: 'tree', sha: sha1(`subtree ${prefix}${dir}`) })
    }
  }
  return [...entries.values()]
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((entry) => ({ ...entry, mode: entry.type === 'blob' ? '100644' : '040000' }))
}

export async function startGitHubStandIn(options: StandInOptions): Promise<GitHubStandIn> {
  const users = options.users ?? [
    { login: 'duena-aquapuebla', name: 'Dueña', push: true, token: options.token },
  ]
  const repo = options.repository ? new MemoryRepository(options.repository) : undefined
  /** The records the handlers fill, emptied by `reset`. */
  const records: Pick<
    GitHubStandIn,
    'tokenRequests' | 'authorizeRequests' | 'requests' | 'commits' | 'revocations'
  > = { tokenRequests: [], authorizeRequests: [], requests: [], commits: [], revocations: [] }
  /** The object handed back below, made first with the records so the handlers reach them and its settings. */
  const standIn: typeof records & Pick<GitHubStandIn, 'revocationOutage'> = { ...records }
  /** Tokens revoked since they were last issued. */
  const revoked = new Set<string>()
  let origin = ''

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers })
    res.end(JSON.stringify(body))
  }

  function oauth(req: IncomingMessage, res: ServerResponse, url: URL, body: string): void {
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const query = Object.fromEntries(url.searchParams)
      standIn.authorizeRequests.push(query)
      if (options.clientId && query.client_id !== options.clientId) {
        res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end('<h1>404</h1>')
        return
      }
      // The owner already granted the app: GitHub sends the browser straight back.
      const back = new URL(query.redirect_uri ?? '')
      back.searchParams.set('code', options.code)
      if (query.state) back.searchParams.set('state', query.state)
      res.writeHead(302, { Location: back.href }).end()
      return
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const sent = JSON.parse(body) as Record<string, string>
      standIn.tokenRequests.push(sent)
      const valid =
        sent.client_secret === options.secret &&
        sent.code === options.code &&
        (!options.clientId || sent.client_id === options.clientId)
      // Issued again: GitHub would issue a new token, alive until revoked.
      if (valid) revoked.delete(options.token)
      json(
        res,
        200,
        valid
          ? { access_token: options.token, token_type: 'bearer', scope: 'repo,user' }
          : {
              error: 'bad_verification_code',
              error_description: 'The code passed is incorrect or expired.',
              error_uri:
                'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code',
            },
      )
      return
    }
    res.writeHead(404).end()
  }

  /**
   * GitHub's "Delete an app token": the app authenticates with basic auth (client id and secret; GitHub hides
   * the route behind 404 for anything else), names the token in the body; 204 once it is deleted.
   */
  function revokeToken(
    req: IncomingMessage,
    clientId: string,
    parsed: unknown,
    send: (status: number, answer: unknown) => void,
  ): void {
    const basic = /^basic\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]
    const [id, ...secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : []
    const appCredentials =
      req.method === 'DELETE' &&
      id === clientId &&
      secret.join(':') === options.secret &&
      (!options.clientId || clientId === options.clientId)
    const token = (parsed as { access_token?: unknown } | undefined)?.access_token
    const record = (status: number, answer: unknown) => {
      standIn.revocations.push({
        clientId,
        token: typeof token === 'string' ? token : undefined,
        appCredentials,
        status,
      })
      send(status, answer)
    }
    const outage = standIn.revocationOutage
    if (outage) return record(outage, failure(outage, 'Service Unavailable'))
    if (!req.headers.authorization) return record(401, failure(401, 'Requires authentication'))
    if (!appCredentials) return record(404, failure(404, 'Not Found'))
    if (typeof token !== 'string' || token === '')
      return record(422, failure(422, 'Invalid request.\n\n"access_token" wasn\'t supplied.'))
    const known = users.some((candidate) => candidate.token === token) && !revoked.has(token)
    if (!known) return record(404, failure(404, 'Not Found'))
    revoked.add(token)
    record(204, null)
  }

  function api(req: IncomingMessage, res: ServerResponse, url: URL, body: string): void {
    const recorded: RecordedRequest = { method: req.method ?? 'GET', url: url.pathname + url.search }
    const send = (status: number, answer: unknown) => {
      recorded.status = status
      if (status === 204) res.writeHead(204, CORS_HEADERS).end()
      else json(res, status, answer, CORS_HEADERS)
    }
    const fail = (status: number, message: string) => send(status, failure(status, message))
    const notFound = () => fail(404, 'Not Found')
    const authorization = req.headers.authorization
    standIn.requests.push(Object.assign(recorded, { authorization }))
    let parsed: unknown
    try {
      parsed = body ? JSON.parse(body) : undefined
    } catch {
      return fail(400, 'Problems parsing JSON')
    }
    recorded.body = parsed

    const revoke = /^\/applications\/([^/]+)\/token$/.exec(url.pathname)
    if (revoke) return revokeToken(req, decodeURIComponent(revoke[1]!), parsed, send)

    const token = /^(?:token|bearer)\s+(.+)$/i.exec(authorization ?? '')?.[1]
    const user = users.find((candidate) => candidate.token === token && !revoked.has(candidate.token))
    if (!user) {
      if (token) fail(401, 'Bad credentials')
      else if (url.pathname === '/user') fail(401, 'Requires authentication')
      else notFound()
      return
    }
    if (req.method === 'GET' && url.pathname === '/user') {
      const id = 1000 + users.indexOf(user)
      const avatar_url = `https://avatars.githubusercontent.com/u/${id}?v=4`
      return send(200, { login: user.login, id, avatar_url, type: 'User', name: user.name, email: null })
    }

    const prefix = repo && `/repos/${repo.settings.fullName}`
    if (!repo || !prefix || !(url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)))
      return notFound()
    const rest = url.pathname.slice(prefix.length)
    const [owner] = repo.settings.fullName.split('/')

    if (req.method === 'GET' && rest === '')
      return send(200, {
        name: repo.settings.fullName.split('/')[1],
        full_name: repo.settings.fullName,
        private: true,
        owner: { login: owner, type: 'Organization' },
        default_branch: repo.branch,
        permissions: { admin: false, maintain: false, push: user.push, triage: user.push, pull: true },
      })

    const branchMatch = /^\/branches\/([^/]+)$/.exec(rest)
    if (req.method === 'GET' && branchMatch) {
      const name = decodeURIComponent(branchMatch[1]!)
      const sha = repo.branches.get(name)
      if (!sha) return fail(404, 'Branch not found')
      const commit = repo.commits.get(sha)!
      return send(200, {
        name,
        commit: { sha, commit: { message: commit.message, tree: { sha: commit.tree } } },
        protected: false,
      })
    }

    const treeMatch = /^\/git\/trees\/(.+)$/.exec(rest)
    if (req.method === 'GET' && treeMatch) {
      const spec = decodeURIComponent(treeMatch[1]!)
      const colon = spec.indexOf(':')
      const rev = colon === -1 ? spec : spec.slice(0, colon)
      const folder = colon === -1 ? '' : spec.slice(colon + 1).replace(/^\/+|\/+$/g, '')
      const files = repo.filesAt(rev)
      const entries = files && listTree(repo, files, folder, url.searchParams.has('recursive'))
      if (!entries || (folder && entries.length === 0)) return notFound()
      return send(200, { sha: sha1(`subtree ${spec}`), tree: entries, truncated: false })
    }

    const blobMatch = /^\/git\/blobs\/([0-9a-f]{40})$/.exec(rest)
    if (req.method === 'GET' && blobMatch) {
      const content = repo.blobs.get(blobMatch[1]!)
      if (!content) return notFound()
      return send(200, {
        sha: blobMatch[1],
        size: content.length,
        content: content.toString('base64'),
        encoding: 'base64',
      })
    }

    if (req.method === 'GET' && rest === '/commits') {
      const filePath = url.searchParams.get('path')
      const history: { sha: string; commit: { message: string; author: object } }[] = []
      for (let sha = repo.branches.get(url.searchParams.get('sha') ?? repo.branch); sha;) {
        const commit = repo.commits.get(sha)!
        const parent = commit.parents[0] && repo.commits.get(commit.parents[0])
        const touched =
          !filePath ||
          !parent ||
          repo.trees.get(commit.tree)?.get(filePath) !== repo.trees.get(parent.tree)?.get(filePath)
        if (touched)
          history.push({
            sha,
            commit: { message: commit.message, author: { name: user.name, email: null, date: commit.date } },
          })
        sha = commit.parents[0]
      }
      return send(200, history)
    }

    // Writes: only with push access, as GitHub answers (404 when the account cannot see it written).
    if (req.method === 'POST' || req.method === 'PATCH') {
      if (!user.push) return fail(403, 'Resource not accessible by integration')
      const sent = (parsed ?? {}) as Record<string, unknown>
      if (req.method === 'POST' && rest === '/git/blobs') {
        const content = Buffer.from(
          String(sent.content ?? ''),
          sent.encoding === 'base64' ? 'base64' : 'utf8',
        )
        const sha = repo.putBlob(content)
        return send(201, { sha, url: `${origin}${prefix}/git/blobs/${sha}` })
      }
      if (req.method === 'POST' && rest === '/git/trees') {
        const base = sent.base_tree ? repo.filesAt(String(sent.base_tree)) : new Map<string, string>()
        if (!base) return fail(422, 'Invalid tree info')
        const files = new Map(base)
        for (const entry of (sent.tree ?? []) as { path: string; sha: string | null }[]) {
          if (entry.sha === null) files.delete(entry.path)
          else if (repo.blobs.has(entry.sha)) files.set(entry.path, entry.sha)
          else return fail(422, 'Invalid tree info')
        }
        const sha = repo.putTree(files)
        return send(201, { sha, tree: listTree(repo, files, '', false), truncated: false })
      }
      if (req.method === 'POST' && rest === '/git/commits') {
        const tree = String(sent.tree ?? '')
        const parents = (sent.parents ?? []) as string[]
        if (!repo.trees.has(tree) || parents.some((parent) => !repo.commits.has(parent)))
          return fail(422, 'Tree SHA does not exist')
        const message = String(sent.message ?? '')
        const sha = repo.putCommit(message, tree, parents)
        const before = parents[0] ? repo.filesAt(parents[0])! : new Map<string, string>()
        const after = repo.trees.get(tree)!
        const changed = [...new Set([...before.keys(), ...after.keys()])]
          .filter((filePath) => before.get(filePath) !== after.get(filePath))
          .sort()
        standIn.commits.push({ sha, message, parents, tree, changed })
        return send(201, {
          sha,
          message,
          tree: { sha: tree },
          parents: parents.map((parent) => ({ sha: parent })),
        })
      }
      const refMatch = /^\/git\/refs\/heads\/(.+)$/.exec(rest)
      if (req.method === 'PATCH' && refMatch) {
        const name = decodeURIComponent(refMatch[1]!)
        const current = repo.branches.get(name)
        const next = String(sent.sha ?? '')
        if (!current) return fail(422, 'Reference does not exist')
        if (!repo.commits.has(next)) return fail(422, 'Object does not exist')
        // Not a fast-forward (the branch moved since the commit was made) and not forced: GitHub refuses.
        if (!sent.force && !repo.commits.get(next)!.parents.includes(current) && next !== current)
          return fail(422, 'Update is not a fast forward')
        repo.branches.set(name, next)
        return send(200, { ref: `refs/heads/${name}`, object: { sha: next, type: 'commit' } })
      }
    }
    return notFound()
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', origin)
      const body = Buffer.concat(chunks).toString('utf8')
      if (url.pathname.startsWith('/login/oauth/')) return oauth(req, res, url, body)
      if (req.method === 'OPTIONS') {
        res.writeHead(204, PREFLIGHT_HEADERS).end()
        return
      }
      api(req, res, url, body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return Object.assign(standIn, {
    origin,
    readFile(filePath: string, branch?: string) {
      const sha = repo?.filesAt(branch ?? repo.branch)?.get(filePath)
      return sha === undefined ? undefined : repo!.blobs.get(sha)!.toString('utf8')
    },
    reset() {
      if (repo) {
        repo.branches.clear()
        repo.branches.set(repo.branch, repo.seed)
      }
      for (const list of Object.values(records)) list.length = 0
      revoked.clear()
      standIn.revocationOutage = undefined
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
}

/** A 1×1 PNG: the avatar GitHub's image host serves for the stand-in's accounts. */
const AVATAR = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk2Lq1HgAFPgJhNeXh/wAAAABJRU5ErkJggg==',
  'base64',
)

/**
 * For test/helpers/browser.ts openPage's `answer`: a page's requests to https://api.github.com go to the
 * stand-in (method, headers and body as sent; its status, headers and body back), and GitHub's avatar host
 * answers a 1×1 PNG, so the admin's build keeps its real origins (and its Content-Security-Policy).
 */
export function answerGitHubApi(standIn: Pick<GitHubStandIn, 'origin'>) {
  return async (request: HTTPRequest) => {
    const url = new URL(request.url())
    if (url.hostname === 'avatars.githubusercontent.com')
      return {
        status: 200,
        contentType: 'image/png',
        body: AVATAR,
        headers: { 'Access-Control-Allow-Origin': '*' },
      }
    if (url.origin !== 'https://api.github.com') return undefined
    const answer = await fetch(`${standIn.origin}${url.pathname}${url.search}`, {
      method: request.method(),
      headers: Object.fromEntries(
        Object.entries(request.headers()).filter(([name]) => !['host', 'content-length'].includes(name)),
      ),
      body: ['GET', 'HEAD', 'OPTIONS'].includes(request.method()) ? undefined : request.postData(),
    })
    const headers = Object.fromEntries(
      [...answer.headers].filter(
        ([name]) => !['content-length', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
      ),
    )
    return { status: answer.status, headers, body: Buffer.from(await answer.arrayBuffer()) }
  }
}
