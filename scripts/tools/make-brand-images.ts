/**
 * Draws the brand's raster images into public/ with headless Chromium: favicon.ico (32 px PNG in an
 * ICO wrapper), apple-touch-icon.png (180), icon-192/512.png, icon-maskable-512.png and the
 * 1200×630 og-image.jpg. Run after changing the mark or the card: `tsx scripts/tools/make-brand-images.ts`
 * (PUPPETEER_EXECUTABLE_PATH, default /usr/bin/chromium). The outputs are committed.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import puppeteer from 'puppeteer-core'
import { chromiumArgs, chromiumPath } from '../lib/offline-images'

const pub = path.resolve(import.meta.dirname, '../..', 'public')
const mark = await readFile(path.join(pub, 'favicon.svg'), 'utf8')
const markUri = `data:image/svg+xml;base64,${Buffer.from(mark).toString('base64')}`

const browser = await puppeteer.launch({ executablePath: chromiumPath, args: chromiumArgs })
const page = await browser.newPage()

async function shot(html: string, width: number, height: number, type: 'png' | 'jpeg' = 'png') {
  await page.setViewport({ width, height, deviceScaleFactor: 1 })
  await page.setContent(`<!doctype html><html><body style="margin:0">${html}</body></html>`)
  return Buffer.from(
    await page.screenshot(type === 'png' ? { type, omitBackground: true } : { type, quality: 86 }),
  )
}

const icon = (size: number, pad = 0) =>
  shot(
    `<div style="width:${size}px;height:${size}px;display:grid;place-items:center;background:${pad ? '#0a6c9c' : 'transparent'}"><img src="${markUri}" width="${size - pad * 2}" height="${size - pad * 2}"></div>`,
    size,
    size,
  )

for (const [file, size, pad] of [
  ['apple-touch-icon.png', 180, 0],
  ['icon-192.png', 192, 0],
  ['icon-512.png', 512, 0],
  ['icon-maskable-512.png', 512, 56],
] as const) {
  await writeFile(path.join(pub, file), await icon(size, pad))
}

// favicon.ico: a single 32×32 PNG inside an ICO container (supported by every current browser).
const png32 = await icon(32)
const header = Buffer.alloc(22)
header.writeUInt16LE(0, 0)
header.writeUInt16LE(1, 2)
header.writeUInt16LE(1, 4)
header.writeUInt8(32, 6)
header.writeUInt8(32, 7)
header.writeUInt16LE(1, 10)
header.writeUInt16LE(32, 12)
header.writeUInt32LE(png32.length, 14)
header.writeUInt32LE(22, 18)
await writeFile(path.join(pub, 'favicon.ico'), Buffer.concat([header, png32]))

const card = `
<div style="width:1200px;height:630px;position:relative;overflow:hidden;font-family:'DejaVu Sans',system-ui,sans-serif;color:#fff;
  background:radial-gradient(ellipse 70% 90% at 85% 10%, rgba(23,162,184,.55), transparent 70%),linear-gradient(135deg,#0b2a3c 0%,#0a4f73 100%)">
  <svg width="1200" height="220" viewBox="0 0 1200 220" style="position:absolute;left:0;bottom:0" preserveAspectRatio="none">
    <path d="M0 90 C150 40 300 140 450 90 S750 40 900 90 S1100 140 1200 90 V220 H0Z" fill="rgba(255,255,255,.08)"/>
    <path d="M0 140 C150 90 300 190 450 140 S750 90 900 140 S1100 190 1200 140 V220 H0Z" fill="rgba(255,255,255,.12)"/>
  </svg>
  <div style="position:absolute;left:80px;top:80px;display:flex;align-items:center;gap:24px">
    <img src="${markUri}" width="96" height="96"><span style="font-size:56px;font-weight:800;letter-spacing:-1px">AquaPuebla</span>
  </div>
  <div style="position:absolute;left:80px;top:230px;width:1000px">
    <div style="font-size:60px;font-weight:800;line-height:1.1">Construcción y mantenimiento de albercas en Puebla</div>
    <div style="margin-top:28px;font-size:30px;color:#ffb547;font-weight:700">Cotización gratis · Garantía por escrito · Emergencias 24/7</div>
  </div>
</div>`
// JPEG keeps the card well under the ~300 KB that WhatsApp accepts for link previews.
await writeFile(path.join(pub, 'og-image.jpg'), await shot(card, 1200, 630, 'jpeg'))

await browser.close()
console.log('brand images written to public/')
