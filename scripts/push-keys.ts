/**
 * `npm run push:keys`: the VAPID key pair the push channel signs with (edge/leads/push.ts; RFC 8292), made once,
 * on this machine, with WebCrypto (ECDSA P-256). No account anywhere: each browser's push service accepts any
 * key pair, and a device's subscription is tied to the public key it subscribed with. Decision 044, docs/push.md.
 *   npm run push:keys                  writes VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY into .dev.vars (git-ignored)
 *                                      if it has none (DEV_VARS=<file> for another), and says where they go live
 *   npm run push:keys -- --cloudflare  also puts both as secrets of the Pages project and of the schedule Worker
 *                                      (`wrangler pages secret put`, `wrangler secret put`, the value on stdin:
 *                                      never on a command line or in the shell's history)
 * Keep the pair: a new one makes every subscribed device stop receiving until it turns notifications on again.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { vapidKeysIn } from './lib/vapid-keys'

/** Where each secret goes: the Pages project and the schedule Worker (both send). */
const TARGETS: [string, (name: string) => string[]][] = [
  ['Pages', (name) => ['pages', 'secret', 'put', name, '--project-name=aquapuebla']],
  ['Worker', (name) => ['secret', 'put', name, '--config=workers/lead-schedule/wrangler.jsonc']],
]

async function main() {
  const root = path.resolve(import.meta.dirname, '..')
  const file = process.env.DEV_VARS ? path.resolve(process.env.DEV_VARS) : path.join(root, '.dev.vars')
  const keys = await vapidKeysIn(file)
  console.log(
    keys.made
      ? `Claves VAPID nuevas en ${path.relative(root, file) || file}.`
      : `${path.relative(root, file) || file} ya tiene claves VAPID: se conservan.`,
  )
  console.log(`Clave pública: ${keys.publicKey}`)
  if (!process.argv.includes('--cloudflare')) {
    console.log(`
En Cloudflare van como secretos (npm run push:keys -- --cloudflare lo hace por ti con wrangler):
  Pages:    npx wrangler pages secret put VAPID_PUBLIC_KEY --project-name aquapuebla   (y VAPID_PRIVATE_KEY)
  Worker:   npx wrangler secret put VAPID_PUBLIC_KEY --config workers/lead-schedule/wrangler.jsonc   (y VAPID_PRIVATE_KEY)
Las mismas dos en ambos: el sitio y el Worker programado envían avisos.`)
    return
  }
  let ok = true
  for (const [where, args] of TARGETS)
    for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const) {
      const value = name === 'VAPID_PUBLIC_KEY' ? keys.publicKey : keys.privateKey
      // The value on stdin: never on a command line or in the shell's history.
      const done =
        spawnSync('npx', ['wrangler', ...args(name)], { input: value, stdio: ['pipe', 'inherit', 'inherit'] })
          .status === 0
      console.log(`${where}: ${name} ${done ? 'guardada' : 'NO se pudo guardar'}`)
      ok &&= done
    }
  if (!ok) process.exit(1)
}

await main()
