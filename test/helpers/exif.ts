/**
 * Reads the tags of an EXIF block (as sharp's metadata().exif returns it: "Exif\0\0" and a TIFF
 * structure): IFD0's tag numbers, and the GPS IFD's when IFD0 points to one (tag 0x8825). Enough to
 * prove a test photo carries a position before the pipeline, and that nothing carries one after.
 */
const GPS_IFD_POINTER = 0x8825

export function exifTags(exif: Buffer | undefined): { ifd0: number[]; gps: number[] } {
  if (!exif) return { ifd0: [], gps: [] }
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif
  const little = tiff.subarray(0, 2).toString('latin1') === 'II'
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  const entries = (offset: number) =>
    Array.from({ length: u16(offset) }, (_, i) => ({
      tag: u16(offset + 2 + i * 12),
      value: u32(offset + 2 + i * 12 + 8),
    }))
  const ifd0 = entries(u32(4))
  const pointer = ifd0.find((entry) => entry.tag === GPS_IFD_POINTER)
  return { ifd0: ifd0.map((e) => e.tag), gps: pointer ? entries(pointer.value).map((e) => e.tag) : [] }
}
