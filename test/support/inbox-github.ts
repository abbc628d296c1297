/**
 * GitHub as the inbox's sign-in sees it, on loopback: the consent page (already granted: 302 back to
 * `redirect_uri` with the app's code and the state), the token endpoint, GET /user and GET /repos/:o/:r with
 * `permissions.push` as each account has it; GitHub's own errors otherwise. One server for both hosts
 * (GITHUB_OAUTH_ORIGIN and GITHUB_API_ORIGIN point at it). It records every request.
 *
 * The one place the inbox's tests reach GitHub: the same options and answers as the fuller stand-in being
 * written for the CMS sign-in (test/support/github-stand-in.ts on branch `signin`); once that is merged,
 * this file only re-exports it.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface InboxGitHubUser {
  login: string
  token: string
  push: boolean
}

export interface InboxGitHub {
  origin: string
  tokenRequests: Record<string, string>[]
  authorizeRequests: Record<string, string>[]
  requests: { method: string; url: string; authorization?: string }[]
  close(): Promise<void>
}

const DOCS = 'https://docs.github.com/rest'

export async function startInboxGitHub(options: {
  clientId?: string
  secret: string
  code: string
  token: string
  users: InboxGitHubUser[]
  repository: { fullName: string }
}): Promise<InboxGitHub> {
  const tokenRequests: Record<string, string>[] = []
  const authorizeRequests: Record<string, string>[] = []
  const requests: InboxGitHub['requests'] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in')
      const json = (status: number, answer: unknown) =>
        res
          .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
          .end(JSON.stringify(answer))
      if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        const query = Object.fromEntries(url.searchParams)
        authorizeRequests.push(query)
        if (options.clientId && query.client_id !== options.clientId) return void res.writeHead(404).end()
        const back = new URL(query.redirect_uri ?? '')
        back.searchParams.set('code', options.code)
        if (query.state) back.searchParams.set('state', query.state)
        return void res.writeHead(302, { Location: back.href }).end()
      }
      if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        const sent = JSON.parse(body) as Record<string, string>
        tokenRequests.push(sent)
        const valid = sent.client_secret === options.secret && sent.code === options.code
        return json(
          200,
          valid
            ? { access_token: options.token, token_type: 'bearer', scope: 'repo' }
            : {
                error: 'bad_verification_code',
                error_description: 'The code passed is incorrect or expired.',
              },
        )
      }
      requests.push({
        method: req.method ?? 'GET',
        url: url.pathname,
        authorization: req.headers.authorization,
      })
      const token = /^(?:token|bearer)\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]
      const user = options.users.find((candidate) => candidate.token === token)
      if (!user) return json(401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' })
      if (req.method === 'GET' && url.pathname === '/user')
        return json(200, { login: user.login, type: 'User' })
      if (req.method === 'GET' && url.pathname === `/repos/${options.repository.fullName}`)
        return json(200, {
          full_name: options.repository.fullName,
          private: true,
          permissions: { admin: false, maintain: false, push: user.push, triage: user.push, pull: true },
        })
      return json(404, { message: 'Not Found', documentation_url: DOCS, status: '404' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tokenRequests,
    authorizeRequests,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
