/**
 * Photos as a phone delivers them, made on the spot (the tests, the benchmark's uploaded-hero variant and
 * the image-step timing use them; nothing is downloaded): a JPEG of a garden pool with grain, the camera's
 * make, model and date and the GPS position of the house in its EXIF, and optionally stored sideways with
 * an EXIF orientation tag, as phones do for portrait shots.
 */
import sharp from 'sharp'

export interface SamplePhoto {
  /** Width and height as the photo is seen (after its orientation). */
  width: number
  height: number
  /** EXIF orientation: 6 stores the pixels turned a quarter left and tags them "turn right to view". */
  orientation?: 1 | 6
  /** Varies the colours, so every photo of a set has its own bytes. */
  seed?: number
  /** A solid band across the top 10 % as the photo is seen, for orientation checks. */
  topBand?: string
  /** Written into the EXIF: where the photo was taken (a house in Cholula by default). */
  gps?: boolean
}

/** Latitude 19°3'51" N, longitude 98°18'12" W: what must never reach a published file. */
export const SAMPLE_GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '19/1 3/1 51/1',
  GPSLongitudeRef: 'W',
  GPSLongitude: '98/1 18/1 12/1',
}

function scene({ width, height, seed = 0, topBand }: SamplePhoto): string {
  const hue = (base: number) => (base + seed * 37) % 360
  const w = width
  const h = height
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue(200)},70%,62%)"/><stop offset="1" stop-color="hsl(${hue(195)},60%,88%)"/></linearGradient>
    <linearGradient id="pool" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue(185)},80%,45%)"/><stop offset="1" stop-color="hsl(${hue(195)},85%,30%)"/></linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="hsl(${hue(100)},35%,42%)"/>
  <rect width="${w}" height="${h * 0.38}" fill="url(#sky)"/>
  <rect x="${w * 0.05}" y="${h * 0.24}" width="${w * 0.5}" height="${h * 0.2}" fill="hsl(${hue(20)},45%,72%)"/>
  <rect x="${w * 0.12}" y="${h * 0.3}" width="${w * 0.08}" height="${h * 0.14}" fill="hsl(${hue(25)},30%,30%)"/>
  <polygon points="${w * 0.2},${h * 0.55} ${w * 0.85},${h * 0.55} ${w * 0.97},${h * 0.92} ${w * 0.06},${h * 0.92}" fill="url(#pool)" stroke="#f3efe6" stroke-width="${w * 0.012}"/>
  <circle cx="${w * 0.8}" cy="${h * 0.12}" r="${h * 0.06}" fill="#fff6d5"/>
  ${topBand ? `<rect width="${w}" height="${h * 0.1}" fill="${topBand}"/>` : ''}
</svg>`
}

/** A JPEG like a phone's: the scene with sensor grain, EXIF (camera, date, GPS), maybe stored sideways. */
export async function samplePhoto(photo: SamplePhoto): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(scene(photo)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  // Grain: what makes a real photo cost the encoders time (a flat drawing would flatter them).
  let state = 0x9e3779b9 ^ (photo.seed ?? 0)
  for (let i = 0; i < data.length; i++) {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    data[i] = Math.max(0, Math.min(255, data[i]! + ((state & 31) - 16)))
  }
  let image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
  // Stored a quarter turn left; orientation 6 tells viewers to turn it right, back to the scene.
  if (photo.orientation === 6)
    image = sharp(await image.rotate(-90).raw().toBuffer(), {
      raw: { width: info.height, height: info.width, channels: info.channels },
    })
  return image
    .jpeg({ quality: 90 })
    .withMetadata({
      orientation: photo.orientation ?? 1,
      exif: {
        IFD0: { Make: 'Fotófono', Model: 'Modelo 12', DateTime: '2026:11:20 10:15:00' },
        ...(photo.gps === false ? {} : { IFD3: SAMPLE_GPS }),
      },
    })
    .toBuffer()
}
