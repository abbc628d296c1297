/**
 * One of the project's commands run as a person runs it (`npm start`, `npm run cms`, `npm run serve:pages`): tsx
 * on its script in its own process group, with extra environment, started once it has printed its ready line;
 * closed by the signal Ctrl+C sends (the script ends what it started), and its whole group ended if it has not
 * exited 30 s later.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { shellEnvironment } from '../../scripts/lib/build-into'
import { projectRoot } from './builds'
import { hooked } from './hooks'

export interface RunningScript {
  /** What it printed so far, stdout and stderr. */
  output(): string
  /** Resolves once it has printed `text`; fails with its output if it exits first or `timeoutMs` passes. */
  printed(text: string, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

export async function startScript(
  script: string,
  {
    env = {},
    ready,
    timeoutMs = 600_000,
  }: { env?: Record<string, string>; ready: string; timeoutMs?: number },
): Promise<RunningScript> {
  const child = spawn(path.join(projectRoot, 'node_modules/.bin/tsx'), [script], {
    cwd: projectRoot,
    env: shellEnvironment(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  const waiting = new Set<() => void>()
  const seen = () => waiting.forEach((check) => check())
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => ((output += chunk.toString()), seen()))
  child.on('exit', seen)
  const printed = (text: string, wait = timeoutMs) =>
    new Promise<void>((resolve, reject) => {
      // A hang guard: the condition is the line.
      const timer = setTimeout(() => done(new Error(`${script} did not print "${text}":\n${output}`)), wait)
      const done = (error?: Error) => {
        clearTimeout(timer)
        waiting.delete(check)
        if (error) reject(error)
        else resolve()
      }
      const check = () => {
        if (output.includes(text)) done()
        else if (child.exitCode !== null) done(new Error(`${script} exited (${child.exitCode}):\n${output}`))
      }
      waiting.add(check)
      check()
    })
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGINT')
    let timer: NodeJS.Timeout | undefined
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 30_000)))])
    clearTimeout(timer)
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL')
  }
  await printed(ready).catch(async (error: unknown) => {
    await close()
    throw error
  })
  return { output: () => output, printed, close }
}

type ScriptOptions = Parameters<typeof startScript>[1]

/** The command running for the whole file (started in beforeAll, stopped in afterAll); `options` may wait. */
export const theScript = (
  script: string,
  options: ScriptOptions | (() => Promise<ScriptOptions>),
): RunningScript =>
  hooked(
    async () => startScript(script, typeof options === 'function' ? await options() : options),
    script,
    240_000,
  )
