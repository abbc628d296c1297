/**
 * decap-server, Decap CMS's local proxy: the admin opened on loopback reads and writes the content files
 * through it instead of GitHub (`npm run cms`; the browser test on a copy). Its file-system middleware runs
 * in this process behind a guard, because decap-server alone answers any Host header, any localhost Origin
 * and any path in the checkout: while it ran, a page that rebinds its DNS name to 127.0.0.1 could read and
 * write `vite.config.ts` or `package.json` (code that runs at the next `npm run`). The guard lets through
 * only:
 *   1. requests whose Host is the loopback address and port it is bound to (a rebound name is refused);
 *   2. whose Origin, when sent, is one of the admin's origins;
 *   3. POST /api/v1 (and its CORS preflight), JSON up to 50 MB (a photo upload, base64);
 *   4. whose every path (`path`, `newPath`, `folder`, `mediaFolder`, `paths[]`, at any depth) lies under
 *      content/ (its media folder included) after normalisation.
 * Anything else: 403 (or 404/405/413) with a JSON error, and nothing read or written.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import path from 'node:path'

/** The only folder of the checkout the local CMS may read or write (the media folder is inside it). */
export const EDITABLE_FOLDER = 'content'
const MAX_BODY = '50mb'
/** Keys of decap-server's actions whose values are paths in the checkout (its localFs middleware). */
const PATH_KEYS = new Set(['path', 'newPath', 'folder', 'mediaFolder'])

export interface RunningProxy {
  url: string
  close(): Promise<void>
}

/** Whether a path from the admin stays inside content/: relative, no `..` once normalised. */
export function isEditablePath(value: string): boolean {
  if (value.includes('\0') || value.includes('\\') || path.posix.isAbsolute(value)) return false
  const normalised = path.posix.normalize(value)
  return normalised === EDITABLE_FOLDER || normalised.startsWith(`${EDITABLE_FOLDER}/`)
}

/** Every path-like value in an action's parameters, wherever it sits (`files[].path`, `assets[].path` …). */
export function pathsIn(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(pathsIn)
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, inner]) => {
    if (PATH_KEYS.has(key)) return [inner]
    if (key === 'paths' && Array.isArray(inner)) return inner as unknown[]
    return typeof inner === 'object' ? pathsIn(inner) : []
  })
}

/** The minimal Express surface used here (express is decap-server's own dependency). */
type Handler = (
  req: IncomingMessage & { body?: unknown },
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void
interface ExpressApp {
  use(handler: Handler | ((error: unknown, ...rest: Parameters<Handler>) => void)): void
  listen(port: number, host: string, ready: () => void): Server
}
interface Express {
  (): ExpressApp
  json(options: { limit: string }): Handler
}

function refuse(res: ServerResponse, status: number, error: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(JSON.stringify({ error }))
}

export async function startDecapProxy({
  repoDir,
  port,
  allowedOrigins,
  log = false,
}: {
  /** The folder whose content/ the admin edits (decap-server's GIT_REPO_DIRECTORY). */
  repoDir: string
  /** The loopback port to bind (0: a free one). */
  port: number
  /** The admin's origins (`http://127.0.0.1:5173`): a request with another Origin is refused. */
  allowedOrigins: readonly string[]
  log?: boolean
}): Promise<RunningProxy> {
  const require = createRequire(path.join(process.cwd(), 'package.json'))
  const express = require('express') as Express
  const decap = require('decap-server/dist/middlewares.js') as {
    registerLocalFs(app: ExpressApp, options: { logLevel: string }): Promise<void>
  }
  const host = '127.0.0.1'
  const app = express()
  let expectedHost = ''

  // 1–2: who is asking.
  const who: Handler = (req, res, next) => {
    if (req.headers.host !== expectedHost) return refuse(res, 403, `Host not allowed: ${req.headers.host}`)
    const origin = req.headers.origin
    if (origin !== undefined && !allowedOrigins.includes(origin))
      return refuse(res, 403, `Origin not allowed: ${origin}`)
    if ((req.url ?? '').split('?')[0] !== '/api/v1') return refuse(res, 404, 'Not found')
    if (req.method !== 'POST' && req.method !== 'OPTIONS') return refuse(res, 405, 'Method not allowed')
    next()
  }
  app.use(who)
  // 3: the body, parsed once (decap-server's own parser then leaves it as it is).
  app.use(express.json({ limit: MAX_BODY }))
  app.use((error: unknown, _req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    const status = (error as { status?: number }).status
    if (status === 413) return refuse(res, 413, 'Request too large')
    if (status === 400) return refuse(res, 400, 'Malformed JSON')
    next(error)
  })
  // 4: what it touches.
  const what: Handler = (req, res, next) => {
    if (req.method !== 'POST') return next()
    const outside = pathsIn((req.body as { params?: unknown } | undefined)?.params).filter(
      (value) => typeof value !== 'string' || !isEditablePath(value),
    )
    if (outside.length > 0)
      return refuse(res, 403, `Only ${EDITABLE_FOLDER}/ can be edited: ${JSON.stringify(outside)}`)
    next()
  }
  app.use(what)

  // decap-server reads the folder to edit from its environment once, while registering.
  const previous = process.env.GIT_REPO_DIRECTORY
  process.env.GIT_REPO_DIRECTORY = path.resolve(repoDir)
  try {
    await decap.registerLocalFs(app, { logLevel: log ? 'info' : 'warn' })
  } finally {
    if (previous === undefined) delete process.env.GIT_REPO_DIRECTORY
    else process.env.GIT_REPO_DIRECTORY = previous
  }

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(port, host, () => resolve(listening))
    listening.once('error', reject)
  })
  const actualPort = (server.address() as AddressInfo).port
  expectedHost = `${host}:${actualPort}`
  return {
    url: `http://${expectedHost}/api/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
