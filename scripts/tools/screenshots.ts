/**
 * Screenshots of every route at phone (390) and desktop (1280) widths, for looking at the design:
 * `tsx scripts/tools/screenshots.ts` after `npm run build`. Writes test/.artifacts/<slug>-<width>.png.
 * Stock photos are answered locally with a placeholder (the machine is offline). DIST_DIR: another build
 * (e.g. one with uploaded photos, as test/visitor/photos.test.ts makes).
 */
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import puppeteer from 'puppeteer-core'
import { chromiumArgs, chromiumPath, interceptExternal } from '../lib/offline-images'
import { startServer } from '../serve'

const out = path.resolve(import.meta.dirname, '../..', 'test/.artifacts')
await mkdir(out, { recursive: true })
const root = path.resolve(import.meta.dirname, '../..', process.env.DIST_DIR || 'dist')
const server = await startServer({ root, port: 0, host: '127.0.0.1' })
const browser = await puppeteer.launch({ executablePath: chromiumPath, args: chromiumArgs })
const routes = (process.env.ROUTES ?? '/,/nosotros,/servicios,/ubicacion,/contacto,/no-existe').split(',')
const widths = (process.env.WIDTHS ?? '390,1280').split(',').map(Number)
try {
  for (const route of routes) {
    for (const width of widths) {
      const page = await browser.newPage()
      await interceptExternal(page)
      await page.setViewport({ width, height: width < 768 ? 844 : 800, deviceScaleFactor: 1 })
      await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }])
      await page.goto(new URL(route, server.url).href, { waitUntil: 'networkidle0' })
      // Lazy photos load only near the viewport: scroll through the page, then wait for them.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
          scrollTo(0, y)
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)))
        scrollTo(0, 0)
      })
      const slug = route === '/' ? 'inicio' : route.slice(1)
      const file = path.join(out, `${slug}-${width}.png`)
      await page.screenshot({ path: file as `${string}.png`, fullPage: process.env.FULL !== '0' })
      console.log(file)
      await page.close()
    }
  }
} finally {
  await browser.close()
  await server.close()
}
