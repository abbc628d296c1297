import type { HTTPRequest, Page } from 'puppeteer-core'

/** Chromium flags for tests and tools here: headless, no sandbox, no background traffic. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
]

export const chromiumPath = process.env.PUPPETEER_EXECUTABLE_PATH || '/usr/bin/chromium'

/** A stand-in photo: a water gradient of the requested size, so layouts can be judged offline. */
export function placeholderPhoto(url: URL): string {
  const width = Number(url.searchParams.get('w') ?? 800)
  const height = Number(url.searchParams.get('h') ?? Math.round(width * 0.66))
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5ec4e0"/><stop offset=".55" stop-color="#1a8fb8"/><stop offset="1" stop-color="#0b4f73"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><path d="M0 ${height * 0.72} C ${width * 0.25} ${height * 0.62}, ${width * 0.5} ${height * 0.82}, ${width} ${height * 0.7} V ${height} H 0 Z" fill="#e9dcc3"/></svg>`
}

type Answered = Parameters<HTTPRequest['respond']>[0] | undefined

/**
 * A local answer for an external request (a test's stand-in for a third-party host), or undefined; a
 * promise when the stand-in is a server that must be asked first (test/stand-ins/github.ts).
 */
export type ExternalAnswer = (request: HTTPRequest) => Answered | Promise<Answered>

/**
 * The machine is offline and tests talk only to loopback: answer the stock-photo host locally and
 * abort every other non-loopback request, except those `answer` responds to (the analytics tests
 * answer the providers' hosts). Returns the list of external URLs that were requested.
 */
export async function interceptExternal(
  page: Page,
  imageHost = 'images.unsplash.com',
  answer?: ExternalAnswer,
): Promise<string[]> {
  const external: string[] = []
  await page.setRequestInterception(true)
  // A request the page gave up before it was answered (it navigated or closed) is no longer there to answer:
  // Firefox's WebDriver BiDi says "no such request", which is not a failure of the page.
  const gone = () => undefined
  page.on('request', (request: HTTPRequest) => {
    const url = new URL(request.url())
    if (['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) || url.protocol === 'data:')
      return void request.continue().catch(gone)
    external.push(url.href)
    const reply = (answered: Answered) => {
      if (!answered && url.hostname === imageHost)
        answered = { status: 200, contentType: 'image/svg+xml', body: placeholderPhoto(url) }
      void (answered ? request.respond(answered) : request.abort('blockedbyclient')).catch(gone)
    }
    const answered = answer?.(request)
    if (answered instanceof Promise)
      answered.then(reply, (error: unknown) => {
        console.error(`answering ${url.href} failed: ${String(error)}`)
        void request.abort('failed').catch(gone)
      })
    else reply(answered)
  })
  return external
}
