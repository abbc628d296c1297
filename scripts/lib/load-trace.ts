/**
 * What the load-tracing scripts share (scripts/trace-load.ts, scripts/bench-cpu.ts): the phone they emulate,
 * one traced page load, and the median of their figures.
 */
import type { Page } from 'puppeteer-core'

/** Lighthouse's mobile preset: a 412×823 phone at 1.75 device pixels, touch. */
export const PHONE_VIEWPORT = {
  width: 412,
  height: 823,
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
}

/** Loads `url` in `page` while Chromium traces `categories`, until the network is idle plus `settleMs`. */
export async function recordLoad(
  page: Page,
  url: string,
  categories: string[],
  settleMs: number,
): Promise<string> {
  await page.tracing.start({ categories })
  await page.goto(url, { waitUntil: 'networkidle0', timeout: 60_000 })
  await new Promise((resolve) => setTimeout(resolve, settleMs))
  const buffer = await page.tracing.stop()
  return Buffer.from(buffer ?? new Uint8Array()).toString('utf8')
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (!sorted.length) return 0
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}
