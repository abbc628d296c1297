/**
 * The local CMS for the owner's-tools suites (test/owner/): what `npm run cms` serves, on a copy of content/.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { freePort } from '../../scripts/hosts/servers'
import { projectRoot } from './browser'

export interface LocalCms {
  /** The dev server's origin: the admin is at `${url}/admin/`. */
  url: string
  close(): Promise<void>
}

/**
 * `npm run cms` as a developer runs it (tsx scripts/cms/local.ts): the Vite dev server with the admin and the
 * guarded decap-server, on free ports, editing `repo`'s content/ (CMS_REPO_DIR: a test's copy, never the
 * project's); resolves with the admin's origin once it printed it.
 */
export async function startLocalCms(repo: string): Promise<LocalCms> {
  const [port, proxyPort] = [await freePort(), await freePort()]
  const child: ChildProcess = spawn(
    path.join(projectRoot, 'node_modules', '.bin', 'tsx'),
    ['scripts/cms/local.ts'],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        PORT: String(port),
        CMS_PROXY_URL: `http://127.0.0.1:${proxyPort}/api/v1`,
        CMS_REPO_DIR: repo,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  const close = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run cms did not start:\n${output}`)), 60_000)
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ctrl+C stops both')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout?.on('data', collect)
    child.stderr?.on('data', collect)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`npm run cms exited (${code}):\n${output}`))
    })
  }).catch(async (error: unknown) => {
    await close()
    throw error
  })
  return { url: `http://127.0.0.1:${port}`, close }
}
