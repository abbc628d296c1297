/**
 * A stand-in for GitHub's OAuth token endpoint on loopback (functions/oauth.ts's GITHUB_OAUTH_ORIGIN), for the
 * CMS sign-in's tests in Node (test/unit/cms-oauth.test.ts) and in Cloudflare's runtime (cms.test.ts). It
 * answers POST /login/oauth/access_token with `token` for the one `code` it issued to the app with `secret`,
 * with GitHub's own error otherwise, 404 elsewhere; it records every token request's body.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface GitHubStandIn {
  origin: string
  /** The JSON bodies sent to the token endpoint, in order. */
  tokenRequests: Record<string, string>[]
  close(): Promise<void>
}

export async function startGitHubStandIn(app: {
  secret: string
  code: string
  token: string
}): Promise<GitHubStandIn> {
  const tokenRequests: Record<string, string>[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/login/oauth/access_token') {
        res.writeHead(404).end()
        return
      }
      const sent = JSON.parse(body) as Record<string, string>
      tokenRequests.push(sent)
      const valid = sent.client_secret === app.secret && sent.code === app.code
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(
        JSON.stringify(
          valid
            ? { access_token: app.token, token_type: 'bearer', scope: 'repo,user' }
            : {
                error: 'bad_verification_code',
                error_description: 'The code passed is incorrect or expired.',
              },
        ),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tokenRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
