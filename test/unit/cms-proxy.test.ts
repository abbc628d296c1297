/**
 * @jest-environment node
 *
 * `npm run cms`'s local proxy (scripts/cms/proxy.ts: decap-server behind a guard) on a scratch checkout:
 * the admin's own requests read and write content/, and what a page that rebinds its DNS name to 127.0.0.1
 * would send (another Host), another site's page (another Origin) and a path outside content/ are refused
 * with nothing read or written.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import { request, type IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { isEditablePath, startDecapProxy, type RunningProxy } from '../../scripts/cms/proxy'

const ADMIN = 'http://127.0.0.1:5173'
const ORIGINAL_CONFIG = 'export default { plugins: [] }\n'
let checkout: string
let proxy: RunningProxy
let port: number

beforeAll(async () => {
  checkout = mkdtempSync(path.join(tmpdir(), 'cms-proxy-'))
  mkdirSync(path.join(checkout, 'content', 'media'), { recursive: true })
  writeFileSync(path.join(checkout, 'content', 'site.yaml'), 'phone: +52 222 123 4567\n')
  writeFileSync(path.join(checkout, 'vite.config.ts'), ORIGINAL_CONFIG)
  writeFileSync(path.join(checkout, 'package.json'), '{"scripts":{}}\n')
  proxy = await startDecapProxy({ repoDir: checkout, port: 0, allowedOrigins: [ADMIN] })
  port = Number(new URL(proxy.url).port)
})

afterAll(async () => {
  await proxy?.close()
  rmSync(checkout, { recursive: true, force: true })
})

/** One POST as a browser would send it, with the Host and Origin given (http.request lets us set both). */
async function post(
  body: unknown,
  { host = `127.0.0.1:${port}`, origin = ADMIN as string | undefined, target = '/api/v1' } = {},
): Promise<{ status: number; json: unknown }> {
  const payload = JSON.stringify(body)
  const headers = { Host: host, 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) }
  const req = request({ host: '127.0.0.1', port, path: target, method: 'POST', agent: false, headers })
  req.end(payload)
  // once() rejects on the request's 'error' event.
  const [res] = (await once(req, 'response')) as [IncomingMessage]
  const answer = await text(res)
  return { status: res.statusCode ?? 0, json: answer ? JSON.parse(answer) : null }
}

const persist = (file: string, raw: string, assets: object[] = []) => ({
  action: 'persistEntry',
  params: {
    branch: 'main',
    dataFiles: [{ path: file, slug: 'x', raw }],
    assets,
    options: { commitMessage: 'x', useWorkflow: false, status: 'draft' },
  },
})
const getSite = { action: 'getEntry', params: { branch: 'main', path: 'content/site.yaml' } }
const siteYaml = () => readFileSync(path.join(checkout, 'content', 'site.yaml'), 'utf8')

// The admin on its own origin reads and writes content/ through the proxy: test/owner/cms.test.ts «the owner
// changes the phone and the maintenance price…» (npm run cms in Chromium); «only POST /api/v1» below is the
// control.
test('a request under another Host (a DNS name rebound to 127.0.0.1) or from another origin, even another port on loopback, is refused and reads or writes nothing', async () => {
  for (const host of [
    'attacker.example:' + port,
    `localhost:${port}`,
    '127.0.0.1',
    `127.0.0.1:${port + 1}`,
  ]) {
    const { status, json } = await post(getSite, { host, origin: undefined })
    const leaked = JSON.stringify(json).includes('phone')
    expect({ host, status, leaked }).toEqual({ host, status: 403, leaked: false })
  }
  expect(
    (await post(persist('content/site.yaml', 'phone: robado\n'), { host: `evil.test:${port}` })).status,
  ).toBe(403)
  for (const origin of ['http://evil.test', 'http://127.0.0.1:4173', 'http://localhost:5173', 'null']) {
    const answer = await post(persist('content/site.yaml', 'phone: robado\n'), { origin })
    expect({ origin, status: answer.status }).toEqual({ origin, status: 403 })
  }
  expect(siteYaml()).not.toContain('robado')
})

test('a path outside content/, however it is spelled, is refused and nothing is written', async () => {
  for (const file of [
    'vite.config.ts',
    'package.json',
    'content/../vite.config.ts',
    'content/media/../../package.json',
    '/etc/passwd',
    './vite.config.ts',
    'content\\..\\vite.config.ts',
    'contentx/site.yaml',
  ]) {
    expect({ file, status: (await post(persist(file, 'pwned\n'))).status }).toEqual({ file, status: 403 })
  }
  const uploads = [
    {
      action: 'persistMedia',
      params: { branch: 'main', asset: { path: 'scripts/x.ts', content: 'eA==', encoding: 'base64' } },
    },
    { action: 'getMediaFile', params: { branch: 'main', path: 'package.json' } },
    { action: 'entriesByFolder', params: { branch: 'main', folder: '.', extension: 'ts', depth: 1 } },
    { action: 'getMedia', params: { branch: 'main', mediaFolder: 'scripts' } },
    { action: 'deleteFiles', params: { branch: 'main', paths: ['content/site.yaml', 'vite.config.ts'] } },
    persist('content/site.yaml', 'ok\n', [{ path: 'vite.config.ts', content: 'eA==', encoding: 'base64' }]),
  ]
  for (const body of uploads) {
    const { status } = await post(body)
    expect({ action: body.action, status }).toEqual({ action: body.action, status: 403 })
  }
  expect(readFileSync(path.join(checkout, 'vite.config.ts'), 'utf8')).toBe(ORIGINAL_CONFIG)
  expect(readdirSync(checkout).sort()).toEqual(['content', 'package.json', 'vite.config.ts'])
  // The refused mixed save wrote none of its files, not even the one inside content/.
  expect(siteYaml()).not.toBe('ok\n')
})

test('only POST /api/v1 is answered', async () => {
  expect((await post({ action: 'info' }, { target: '/api/v2' })).status).toBe(404)
  expect((await post({ action: 'info' }, { target: '/../vite.config.ts' })).status).toBe(404)
  expect((await post({ action: 'info' })).status).toBe(200)
})

test('what counts as inside content/', () => {
  const inside = ['content', 'content/site.yaml', 'content/media/foto.jpg', 'content/./site.yaml']
  const outside = [
    '',
    '.',
    'content/..',
    'content/../x',
    '/content/site.yaml',
    'contenido/x',
    'content\\x',
    'content/\0',
  ]
  expect([...inside, ...outside].filter(isEditablePath)).toEqual(inside)
})
