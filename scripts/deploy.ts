/**
 * Deploys the site to Cloudflare with the database first (docs/deploying/cloudflare-pages.md, decision 041):
 *   npm run deploy                 1. D1 migrations, 2. build, 3. Pages, 4. the schedule Worker
 *   npm run deploy -- --preview    the same on the preview database and a preview deployment
 *   npm run deploy:migrations      step 1 alone (Pages' own build: `npm run deploy:migrations && npm run build`)
 * Each step runs only if the one before succeeded: code that needs a migration never goes live without it. On
 * Pages' build machines (CF_PAGES=1) a branch other than PRODUCTION_BRANCH (default `main`) migrates the preview
 * database. Needs CLOUDFLARE_API_TOKEN (D1 edit, Pages edit, Workers edit) and CLOUDFLARE_ACCOUNT_ID outside an
 * interactive `wrangler login`.
 */
import { spawnSync } from 'node:child_process'

export interface DeployOptions {
  /** The preview database, a preview deployment and the preview Worker. */
  preview: boolean
  /** Only the migrations (step 1). */
  migrationsOnly: boolean
  /** The branch Pages deploys as (`--branch`), a preview's. */
  branch?: string
}

/** The commands, in order, each an argv for npx. */
export function deployPlan({ preview, migrationsOnly, branch }: DeployOptions): string[][] {
  const env = preview ? ['--env', 'preview'] : []
  const migrate = ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--remote', ...env]
  if (migrationsOnly) return [migrate]
  return [
    migrate,
    ['npm', 'run', 'build'],
    ['wrangler', 'pages', 'deploy', 'dist', ...(preview ? ['--branch', branch || 'preview'] : [])],
    ['wrangler', 'deploy', '--config', 'workers/lead-schedule/wrangler.jsonc', ...env],
  ]
}

/** What the arguments and Pages' build variables ask for. */
export function deployOptions(argv: string[], env: NodeJS.ProcessEnv): DeployOptions {
  const onPagesPreview =
    env.CF_PAGES === '1' &&
    Boolean(env.CF_PAGES_BRANCH) &&
    env.CF_PAGES_BRANCH !== (env.PRODUCTION_BRANCH || 'main')
  return {
    preview: argv.includes('--preview') || onPagesPreview,
    migrationsOnly: argv.includes('migrations'),
    branch: env.CF_PAGES_BRANCH,
  }
}

function main(): void {
  const plan = deployPlan(deployOptions(process.argv.slice(2), process.env))
  for (const [index, command] of plan.entries()) {
    console.log(`\n[deploy ${index + 1}/${plan.length}] ${command.join(' ')}`)
    const [program, args] = command[0] === 'npm' ? ['npm', command.slice(1)] : ['npx', command]
    const run = spawnSync(program, args, { stdio: 'inherit' })
    if (run.status !== 0) {
      console.error(`\n[deploy] stopped: «${command.join(' ')}» failed; nothing after it was deployed.`)
      process.exit(run.status ?? 1)
    }
  }
}

if (process.argv[1]?.endsWith('deploy.ts')) main()
