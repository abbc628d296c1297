/**
 * What the Lighthouse benchmarks share (scripts/bench/lighthouse.ts, scripts/bench/compare.ts): the one Lighthouse runner,
 * Chromium launch and close with time limits, the local stock-photo stub (IMAGE_ORIGIN), the build into a folder
 * of its own (scripts/lib/build-into.ts).
 * The stub's design is explained in scripts/bench/lighthouse.ts's header (step 1).
 */
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import lighthouse, { type Result } from 'lighthouse'
import puppeteer, { type Browser } from 'puppeteer-core'
import { routeHtmlFiles } from '../lib/budgets'
import { buildInto } from '../lib/build-into'
import { chromiumArgs, chromiumPath } from '../lib/offline-images'

/** Upper bounds per step, so a hang ends the run instead of the session. */
export const TIMEOUT_MS = { build: 600_000, launch: 15_000, image: 10_000, lighthouse: 90_000, close: 5_000 }

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Runs one Lighthouse load, and once more in a fresh browser if Lighthouse failed to record its trace
 * (runtime error NO_NAVSTART: seen about once in 100 runs on an idle machine, a harness hiccup, not the
 * page's). A second failure, or any other error, is thrown: one bad run should not lose a whole benchmark.
 */
export async function retryingTraceFailure<T>(run: () => Promise<T>, what: string): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (!/NO_NAVSTART|recording the trace/.test(String(error))) throw error
    console.log(`${what}: ${String(error)}; running it again`)
    return run()
  }
}

/** One Lighthouse run: what it measured, its JSON report, and the Chromium it ran in. */
export interface LighthouseRun {
  lhr: Result
  report: string
  browserVersion: string
}

/**
 * One Lighthouse load of `url` in a fresh Chromium (mobile preset, simulated throttling), limited to
 * `categories`; retried once on a trace failure (retryingTraceFailure). The one runner of `npm run bench` and
 * `npm run bench:compare`: each summarizes the result its own way.
 */
export function runLighthouse(
  url: string,
  categories: readonly string[],
  what: string,
): Promise<LighthouseRun> {
  return retryingTraceFailure(async () => {
    const browser = await launchChromium()
    try {
      const port = Number(new URL(browser.wsEndpoint()).port)
      const run = lighthouse(url, {
        port,
        hostname: '127.0.0.1',
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
        maxWaitForLoad: 30_000,
      })
      const result = await withTimeout(run, TIMEOUT_MS.lighthouse, `Lighthouse on ${url}`)
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
      if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`)
      const report = Array.isArray(result.report) ? result.report.join('') : result.report
      return { lhr: result.lhr, report, browserVersion: await browser.version() }
    } finally {
      await closeChromium(browser)
    }
  }, what)
}

/** Debian Chromium, `--headless=new` (puppeteer's `headless: true`), no sandbox, GPU or background work. */
export function launchChromium(): Promise<Browser> {
  const browser = puppeteer.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs })
  return withTimeout(browser, TIMEOUT_MS.launch, 'launching Chromium')
}

export async function closeChromium(browser: Browser): Promise<void> {
  await withTimeout(browser.close(), TIMEOUT_MS.close, 'closing Chromium').catch(() =>
    browser.process()?.kill('SIGKILL'),
  )
}

// -----------------------------------------------------------------------------------------------------------
// 1. Image stub

export interface ImageStub {
  origin: string
  /** Makes the JPEGs of these sizes now, so no measured request waits for an encoder. */
  prepare(sizes: Iterable<string>): Promise<void>
  /** Sizes made on request during the measurements (should stay empty). */
  lateSizes: Set<string>
  close(): Promise<void>
}

/** Runs in the page: a water gradient, a deck band and grain, as a JPEG data URL. */
function paintPhoto(width: number, height: number): string {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d') as CanvasRenderingContext2D
  const gradient = context.createLinearGradient(0, 0, width, height)
  gradient.addColorStop(0, '#5ec4e0')
  gradient.addColorStop(0.55, '#1a8fb8')
  gradient.addColorStop(1, '#0b4f73')
  context.fillStyle = gradient
  context.fillRect(0, 0, width, height)
  context.fillStyle = '#e9dcc3'
  context.fillRect(0, height * 0.72, width, height * 0.28)
  // Grain, from a fixed-seed generator: photos carry detail that JPEG cannot squeeze away; a bare gradient
  // would weigh a tenth of a real photo and flatter LCP.
  const pixels = context.getImageData(0, 0, width, height)
  let seed = 0x2f6b
  for (let i = 0; i < pixels.data.length; i += 4) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
    const grain = ((seed >>> 16) % 29) - 14
    pixels.data[i] = (pixels.data[i] ?? 0) + grain
    pixels.data[i + 1] = (pixels.data[i + 1] ?? 0) + grain
    pixels.data[i + 2] = (pixels.data[i + 2] ?? 0) + grain
  }
  context.putImageData(pixels, 0, 0)
  return canvas.toDataURL('image/jpeg', 0.7)
}

/** `960x640` from a photo URL's w and h (the sizes StockImage asks for), bounded to what a page could use. */
function photoSize(url: URL): string {
  const clamp = (value: number, fallback: number) =>
    Number.isFinite(value) && value > 0 ? Math.min(Math.round(value), 2400) : fallback
  const width = clamp(Number(url.searchParams.get('w')), 960)
  const height = clamp(Number(url.searchParams.get('h')), Math.round((width * 2) / 3))
  return `${width}x${height}`
}

export async function startImageStub(): Promise<ImageStub> {
  const browser = await launchChromium()
  const page = await browser.newPage()
  const jpegs = new Map<string, Promise<Buffer>>()
  const lateSizes = new Set<string>()
  let measuring = false

  const jpeg = (size: string): Promise<Buffer> => {
    let made = jpegs.get(size)
    if (!made) {
      if (measuring) lateSizes.add(size)
      const [width = 960, height = 640] = size.split('x').map(Number)
      const dataUrl = page.evaluate(paintPhoto, width, height)
      made = withTimeout(dataUrl, TIMEOUT_MS.image, `making a ${size} JPEG`).then((url) =>
        Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'),
      )
      jpegs.set(size, made)
    }
    return made
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stub.invalid')
    if (url.pathname === '/api/event' && req.method === 'POST') {
      // Plausible's Events API, for analytics runs: accepted, as plausible.io answers.
      req.resume()
      res.writeHead(202, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' }).end('ok')
      return
    }
    if (!url.pathname.startsWith('/photo-') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found')
      return
    }
    const body = await jpeg(photoSize(url))
    // The headers a CDN like the real one sends: long-lived, shareable across origins.
    res.writeHead(200, {
      'Content-Type': 'image/jpeg',
      'Content-Length': String(body.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Access-Control-Allow-Origin': '*',
      'Timing-Allow-Origin': '*',
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('image stub:', error)
      if (!res.headersSent) res.writeHead(500).end()
      else res.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })

  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lateSizes,
    async prepare(sizes) {
      await Promise.all([...sizes].map(jpeg))
      measuring = true
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await closeChromium(browser)
    },
  }
}

/** Every photo size the built pages reference on the stub (src and srcset, `&amp;` as written in HTML). */
export function photoSizesIn(dist: string, origin: string): Set<string> {
  const sizes = new Set<string>()
  const pattern = new RegExp(`${origin.replace(/[.:/]/g, '\\$&')}/photo-[^\\s"',]+`, 'g')
  for (const { file } of routeHtmlFiles(dist)) {
    for (const [match] of readFileSync(file, 'utf8').matchAll(pattern)) {
      sizes.add(photoSize(new URL(match.replaceAll('&amp;', '&'))))
    }
  }
  return sizes
}

// -----------------------------------------------------------------------------------------------------------
// 2. Build

export interface BuildOptions {
  /** The checkout to build (its own package.json, sources and node_modules). */
  cwd: string
  imageOrigin: string
  dist: string
  ssrDist: string
  /** More build settings (e.g. CONTENT_DIR). */
  env?: NodeJS.ProcessEnv
}

/** `npm run build` in `cwd` into `dist`/`ssrDist`, photos from `imageOrigin`; output only on failure. */
export function build({ cwd, imageOrigin, dist, ssrDist, env: extra }: BuildOptions): Promise<void> {
  const env: NodeJS.ProcessEnv = { IMAGE_ORIGIN: imageOrigin, ...extra }
  // A build measured with Plausible on sends its events to the local stub, never to plausible.io.
  if (process.env.PLAUSIBLE_DOMAIN && !process.env.PLAUSIBLE_SRC) env.PLAUSIBLE_SRC = imageOrigin
  return buildInto({ cwd, dist, ssrDist, env, timeoutMs: TIMEOUT_MS.build })
}
