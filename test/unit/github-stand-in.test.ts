/**
 * @jest-environment node
 *
 * The GitHub stand-in (test/stand-ins/github.ts) answers as GitHub does, so the tests built on it
 * (the CMS sign-in and publish, the lead inbox's sign-in) fail where GitHub would: who may read and write,
 * the Git objects of a commit, its errors and its CORS headers.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startGitHubStandIn, type GitHubStandIn } from '../stand-ins/github'

const REPO = 'aquapuebla/sitio-web'
const seed = mkdtempSync(path.join(tmpdir(), 'stand-in-seed-'))
writeFileSync(path.join(seed, 'site.yaml'), 'brand: AquaPuebla\nphone: +52 222 123 4567\n')
mkdirSync(path.join(seed, 'media'))
writeFileSync(path.join(seed, 'media', 'logo.txt'), 'logo')
let github: GitHubStandIn

beforeAll(async () => {
  github = await startGitHubStandIn({
    clientId: 'Iv1.app',
    secret: 'secreto',
    code: 'codigo',
    token: 'gho_duena',
    users: [
      { login: 'duena', name: 'Dueña', token: 'gho_duena', push: true },
      { login: 'lectora', name: 'Lectora', token: 'gho_lectora', push: false },
    ],
    repository: { fullName: REPO, seedDir: seed, under: 'content' },
  })
})

afterAll(async () => {
  await github.close()
  rmSync(seed, { recursive: true, force: true })
})

beforeEach(() => github.reset())

const call = async (token: string | undefined, route: string, method = 'GET', body?: unknown) => {
  const response = await fetch(`${github.origin}${route}`, {
    method,
    headers: {
      ...(token ? { Authorization: `token ${token}` } : {}),
      Origin: 'https://www.aquapuebla.mx',
      'Content-Type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return {
    status: response.status,
    cors: response.headers.get('access-control-allow-origin'),
    json: (await response.json()) as Record<string, unknown> & { tree?: { path: string }[] },
  }
}

test('who is signed in, and who may write, by token; no token or a wrong one as GitHub refuses them', async () => {
  expect((await call('gho_duena', '/user')).json).toMatchObject({ login: 'duena', name: 'Dueña' })
  expect(await call(undefined, '/user')).toMatchObject({
    status: 401,
    json: { message: 'Requires authentication' },
  })
  expect(await call('gho_otro', '/user')).toMatchObject({ status: 401, json: { message: 'Bad credentials' } })
  expect((await call('gho_duena', `/repos/${REPO}`)).json).toMatchObject({
    full_name: REPO,
    default_branch: 'main',
    permissions: { push: true },
  })
  expect((await call('gho_lectora', `/repos/${REPO}`)).json).toMatchObject({ permissions: { push: false } })
  expect((await call('gho_duena', '/repos/otra/cosa')).status).toBe(404)
  const write = await call('gho_lectora', `/repos/${REPO}/git/blobs`, 'POST', {
    content: 'x',
    encoding: 'utf-8',
  })
  expect(write.status).toBe(403)
})

test('every API answer carries CORS headers, and a preflight is answered as api.github.com does', async () => {
  expect((await call('gho_duena', '/user')).cors).toBe('*')
  const preflight = await fetch(`${github.origin}/user`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://www.aquapuebla.mx', 'Access-Control-Request-Headers': 'authorization' },
  })
  expect(preflight.status).toBe(204)
  expect(preflight.headers.get('access-control-allow-headers')).toMatch(/\bAuthorization\b/)
  expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH')
})

test('a commit made of a blob, a tree and a commit moves the branch and changes that one file', async () => {
  const root = await call('gho_duena', `/repos/${REPO}/git/trees/main:content`)
  expect(root.json.tree?.map((entry) => entry.path)).toEqual(['media', 'site.yaml'])
  const recursive = await call('gho_duena', `/repos/${REPO}/git/trees/main:content?recursive=1`)
  expect(recursive.json.tree?.map((entry) => entry.path)).toEqual(['media', 'media/logo.txt', 'site.yaml'])
  expect((await call('gho_duena', `/repos/${REPO}/git/trees/main:content/nada`)).status).toBe(404)

  const branch = await call('gho_duena', `/repos/${REPO}/branches/main`)
  const head = (branch.json.commit as { sha: string }).sha
  const blob = await call('gho_duena', `/repos/${REPO}/git/blobs`, 'POST', {
    content: Buffer.from('brand: AquaPuebla\nphone: +52 222 987 6543\n').toString('base64'),
    encoding: 'base64',
  })
  const tree = await call('gho_duena', `/repos/${REPO}/git/trees`, 'POST', {
    base_tree: head,
    tree: [{ path: 'content/site.yaml', mode: '100644', type: 'blob', sha: blob.json.sha }],
  })
  const commit = await call('gho_duena', `/repos/${REPO}/git/commits`, 'POST', {
    message: 'Contenido: actualiza content/site.yaml desde el CMS',
    tree: tree.json.sha,
    parents: [head],
  })
  expect(github.readFile('content/site.yaml')).toContain('+52 222 123 4567')
  const moved = await call('gho_duena', `/repos/${REPO}/git/refs/heads/main`, 'PATCH', {
    sha: commit.json.sha,
    force: false,
  })
  expect(moved.status).toBe(200)
  expect(github.readFile('content/site.yaml')).toBe('brand: AquaPuebla\nphone: +52 222 987 6543\n')
  expect(github.commits).toEqual([
    expect.objectContaining({ sha: commit.json.sha, parents: [head], changed: ['content/site.yaml'] }),
  ])
  // The old commit's content is still there, and a stale commit cannot move the branch back without force.
  expect(github.readFile('content/site.yaml', head)).toContain('+52 222 123 4567')
  const stale = await call('gho_duena', `/repos/${REPO}/git/commits`, 'POST', {
    message: 'otra',
    tree: tree.json.sha,
    parents: [head],
  })
  const refused = await call('gho_duena', `/repos/${REPO}/git/refs/heads/main`, 'PATCH', {
    sha: stale.json.sha,
  })
  expect(refused).toMatchObject({ status: 422, json: { message: 'Update is not a fast forward' } })
  expect(
    github.requests.filter((request) => request.method !== 'GET').map((request) => request.status),
  ).toEqual([201, 201, 201, 200, 201, 422])
})

test('an app token is revoked as GitHub does it: the app’s basic auth, the token in the body, 204, then dead', async () => {
  const revoke = async (authorization: string | undefined, body: unknown, clientId = 'Iv1.app') => {
    const response = await fetch(`${github.origin}/applications/${clientId}/token`, {
      method: 'DELETE',
      headers: {
        ...(authorization ? { Authorization: authorization } : {}),
        Accept: 'application/vnd.github+json',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, message: text ? (JSON.parse(text) as { message: string }).message : '' }
  }
  const app = `Basic ${Buffer.from('Iv1.app:secreto').toString('base64')}`
  // Without credentials, with another app's or a wrong secret: GitHub hides the route.
  expect(await revoke(undefined, { access_token: 'gho_duena' })).toEqual({
    status: 401,
    message: 'Requires authentication',
  })
  expect(
    await revoke(`Basic ${Buffer.from('Iv1.app:otro').toString('base64')}`, { access_token: 'gho_duena' }),
  ).toEqual({
    status: 404,
    message: 'Not Found',
  })
  expect(await revoke(app, { access_token: 'gho_duena' }, 'Iv1.otra')).toMatchObject({ status: 404 })
  // A user's token is not the app's credentials.
  expect(await revoke('token gho_duena', { access_token: 'gho_duena' })).toMatchObject({ status: 404 })
  // No token named: 422.
  expect(await revoke(app, {})).toMatchObject({ status: 422 })
  // The token works until it is revoked, then GitHub no longer knows it.
  expect((await call('gho_duena', '/user')).status).toBe(200)
  expect(await revoke(app, { access_token: 'gho_duena' })).toEqual({ status: 204, message: '' })
  expect(await call('gho_duena', '/user')).toMatchObject({
    status: 401,
    json: { message: 'Bad credentials' },
  })
  expect(await revoke(app, { access_token: 'gho_duena' })).toEqual({ status: 404, message: 'Not Found' })
  // Another account's token is untouched.
  expect((await call('gho_lectora', '/user')).status).toBe(200)
  expect(github.revocations.map(({ status, appCredentials }) => [status, appCredentials])).toEqual([
    [401, false],
    [404, false],
    [404, false],
    [404, false],
    [422, true],
    [204, true],
    [404, true],
  ])
  // An outage answers its status until it ends.
  github.revocationOutage = 503
  expect(await revoke(app, { access_token: 'gho_lectora' })).toEqual({
    status: 503,
    message: 'Service Unavailable',
  })
  github.revocationOutage = undefined
  expect(await revoke(app, { access_token: 'gho_lectora' })).toMatchObject({ status: 204 })
})

test('a new code exchange issues the token again after a revoke, as GitHub issues a new one', async () => {
  const app = `Basic ${Buffer.from('Iv1.app:secreto').toString('base64')}`
  await fetch(`${github.origin}/applications/Iv1.app/token`, {
    method: 'DELETE',
    headers: { Authorization: app, 'Content-Type': 'application/json' },
    body: JSON.stringify({ access_token: 'gho_duena' }),
  })
  expect((await call('gho_duena', '/user')).status).toBe(401)
  const exchange = await fetch(`${github.origin}/login/oauth/access_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ client_id: 'Iv1.app', client_secret: 'secreto', code: 'codigo' }),
  })
  expect(((await exchange.json()) as { access_token: string }).access_token).toBe('gho_duena')
  expect((await call('gho_duena', '/user')).status).toBe(200)
})
