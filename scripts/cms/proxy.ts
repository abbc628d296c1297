/**
 * decap-server, Decap CMS's local proxy: the admin opened on loopback reads and writes the content
 * files through it instead of GitHub. Bound to 127.0.0.1 only, in file-system mode (it writes the files;
 * committing stays yours). `npm run cms` starts it on the project; the browser test on a copy.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'

export interface RunningProxy {
  url: string
  process: ChildProcess
  close(): Promise<void>
}

export async function startDecapProxy({
  repoDir,
  port,
  log = false,
}: {
  /** The folder whose content/ the admin edits (decap-server's GIT_REPO_DIRECTORY). */
  repoDir: string
  port: number
  log?: boolean
}): Promise<RunningProxy> {
  const entry = createRequire(path.join(process.cwd(), 'package.json')).resolve('decap-server/dist/index.js')
  const child = spawn(process.execPath, [entry], {
    // decap-server loads a .env from its working directory: run it from the edited folder, with only
    // what it needs from ours.
    cwd: repoDir,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      BIND_HOST: '127.0.0.1',
      MODE: 'fs',
      GIT_REPO_DIRECTORY: path.resolve(repoDir),
      LOG_LEVEL: log ? 'info' : 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const url = `http://127.0.0.1:${port}/api/v1`
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
    if (log) process.stdout.write(chunk)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const close = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  // Ready when it answers Decap's first question.
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`decap-server exited (${child.exitCode}):\n${output}`)
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'info' }),
      })
      if (response.ok) return { url, process: child, close }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await close()
  throw new Error(`decap-server did not answer on ${url}:\n${output}`)
}
